mkdir -p a/b/c; printf x > a/b/c/f; du -d 1 a; du --max-depth=0 a
