umask u=rwx,g=rx,o=; umask; umask -S
