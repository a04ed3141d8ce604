# check-stderr
printf 'ibase=1\nobase=1\nibase=37\nscale=-1\n' | bc
