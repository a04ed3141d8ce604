printf 'a\n' > f1; printf 'b\n' > f2
nl -w 1 f1 f2
