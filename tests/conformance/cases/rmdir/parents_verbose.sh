mkdir -p a/b/c; rmdir -pv a/b/c
