mkdir d; cd d; ln -s ../x/target; readlink target
