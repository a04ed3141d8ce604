umask 002; umask g-w; umask; umask o-rwx; umask
