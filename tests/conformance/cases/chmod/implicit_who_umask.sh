umask 022; touch f; chmod 600 f; chmod -v +x f; chmod -v +w f
