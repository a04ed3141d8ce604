printf 'x\ny\n' | nl -n rn | sed -n l
