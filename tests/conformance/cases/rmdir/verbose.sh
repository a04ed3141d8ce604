mkdir a b; rmdir -v a b
