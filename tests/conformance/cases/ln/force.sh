touch a; ln -s a l; ln -sf b l; readlink l
