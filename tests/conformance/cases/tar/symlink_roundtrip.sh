mkdir d; printf 't\n' > d/target; ln -s target d/link
tar cf a.tar --sort=name d; tar tf a.tar
mkdir x; tar xf a.tar -C x; readlink x/d/link; cat x/d/link
