x=$(bash -c 'echo sub; echo two'); echo "$x"
