touch a; ln -s a l; readlink l; [ -L l ] && echo link
