touch t; ln -s t l1; ln -s l1 l2; readlink l2; readlink -f l2 | sed "s|.*/||"
