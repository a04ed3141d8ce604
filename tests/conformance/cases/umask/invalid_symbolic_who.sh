# check-stderr
umask 022
umask z=r; echo "status $?"
umask u=q; echo "status $?"
umask; umask -S
