printf '1 x\n2 x\n3 y\n4 y\n5 x\n' | uniq -f 1
