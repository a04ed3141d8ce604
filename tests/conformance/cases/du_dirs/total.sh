mkdir a b; printf x > a/f; du -c a b
