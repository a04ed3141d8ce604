printf 'x\ny\n' | nl -n ln | sed -n l
