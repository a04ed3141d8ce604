umask 077; (umask 0); umask; ( umask 0; touch s ); stat -c '%a' s
