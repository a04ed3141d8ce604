printf 'f1\nf2\n' > f
printf 's1\ns2\n' | paste f -
