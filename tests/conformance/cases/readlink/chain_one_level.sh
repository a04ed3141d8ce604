touch real; ln -s real l1; ln -s l1 l2
readlink l2; readlink -f l2 | sed "s|^$PWD/||"
