dirname -- -a/b
