umask 777; umask a+x; umask
umask 777; umask a+X; umask
