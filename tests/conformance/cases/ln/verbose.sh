touch a; ln -sv a l1; ln -sv ../x l2
