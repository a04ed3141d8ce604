echo a > f; umask 077; echo b > f; stat -c '%a' f
