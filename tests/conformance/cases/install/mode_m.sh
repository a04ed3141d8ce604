echo hi > s; install -m 644 s t; [ -x t ] || echo "not exec"; cat t
