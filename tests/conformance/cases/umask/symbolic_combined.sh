umask 077; umask u=rwx,g=rx,o=; umask; umask -S
umask a-w; umask
umask g+w,o-r; umask
