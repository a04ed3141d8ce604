umask =r; umask; umask u=rw,go=r; umask
