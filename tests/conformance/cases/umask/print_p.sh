umask 022; umask -p
umask 0; umask -p; umask -p -S
