umask 0777; mkdir -p a/b/c; stat -c '%a %n' a a/b a/b/c; umask 022; chmod -R 755 a
