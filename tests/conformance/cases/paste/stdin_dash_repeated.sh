printf '1\n2\n3\n4\n5\n' | paste - - -
