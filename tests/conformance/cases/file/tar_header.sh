head -c 257 /dev/zero > t; printf "ustar  \0" >> t; head -c 247 /dev/zero >> t; file -b t; file -i t
