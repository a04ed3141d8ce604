mkdir d e; ln -s d ld; ln -sf e ld; readlink ld; readlink d/e
