umask 0022; umask
umask 00; umask
umask 000777; umask; umask -S
