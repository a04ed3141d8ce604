umask 077; mkdir -m +w a; mkdir -m u=rwx,g=rx b; mkdir -m 751 c; stat -c '%a %n' a b c
