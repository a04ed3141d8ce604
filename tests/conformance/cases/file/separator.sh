printf "x\n" > a; file -F " =>" a
