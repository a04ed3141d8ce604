printf 'x\ny\n' | nl -s ': ' -w 1
