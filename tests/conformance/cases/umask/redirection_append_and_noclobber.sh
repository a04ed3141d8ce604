umask 037; set -C; echo a > n; echo b >> m; stat -c '%a %n' n m
