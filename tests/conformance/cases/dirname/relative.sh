dirname a/b/c
