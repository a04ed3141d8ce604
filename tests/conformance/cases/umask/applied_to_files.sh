umask 027; echo hi > f; printf x >> g; stat -c '%a %n' f g
