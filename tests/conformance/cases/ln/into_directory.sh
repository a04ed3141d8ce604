touch a; mkdir d; ln -s ../a d; readlink d/a; ln -s /x/y/z d; readlink d/z
