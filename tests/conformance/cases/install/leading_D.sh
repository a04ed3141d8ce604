echo hi > s; install -Dv s x/y/z; cat x/y/z
