ln -s t1 l1; ln -s t2 l2
readlink -z l1 l2 | sed 's/\x0/<NUL>/g'; echo
