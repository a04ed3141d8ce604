umask 022; printf 'x' > f; mkdir d
stat -c '%f' f d
