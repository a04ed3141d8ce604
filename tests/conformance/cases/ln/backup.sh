echo old > l; ln -sb a l; readlink l; cat l~; ln -s --suffix=.bak -b c l; readlink l l.bak
