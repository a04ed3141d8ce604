printf 'x\ny\n' > f
printf 's1\ns2\n' | tac f -
