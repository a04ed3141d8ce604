echo hi > s; echo ho > t; mkdir dir; install -v s t dir; install -vt dir s; ls dir
