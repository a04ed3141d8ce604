# check-stderr
printf 'define f(x){return x;}\nf()\nf(1,2)\n' | bc
