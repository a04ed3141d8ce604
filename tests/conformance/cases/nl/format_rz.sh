printf 'x\ny\n' | nl -n rz | sed -n l
