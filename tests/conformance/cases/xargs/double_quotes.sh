printf '"x  y" z\n' | xargs -n1 printf '[%s]\n'
