umask 077; umask; umask -S; umask 0; umask; umask 7777; umask
