umask 7; umask
umask 70; umask
umask 1777; umask
