printf 'x\ny\n' | nl -w 3 | sed -n l
