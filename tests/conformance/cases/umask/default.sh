umask; umask -S; umask -p; umask -p -S
