umask 027; umask g=u; umask
umask 027; umask o=g; umask -S
