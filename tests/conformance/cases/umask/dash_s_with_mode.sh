umask -S 027; umask
