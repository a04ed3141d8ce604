ln -s target l
stat -c '%N' l
