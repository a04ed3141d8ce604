echo hi > s; install -v s d1; cat d1; [ -x d1 ] && echo exec
