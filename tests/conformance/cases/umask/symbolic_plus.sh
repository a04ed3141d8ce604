umask 077; umask g+rx; umask; umask +x; umask; umask a+rwx; umask
