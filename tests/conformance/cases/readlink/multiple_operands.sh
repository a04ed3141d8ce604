ln -s t1 l1; ln -s t2 l2
readlink l1 l2
