umask 022; mkdir d
stat -c '%a %A %F' d
