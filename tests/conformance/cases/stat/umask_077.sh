umask 077; mkdir d; printf x > f
stat -c '%a %A %n' d f
