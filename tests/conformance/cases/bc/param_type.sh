# check-stderr
printf 'define f(a[]) { return 1; }\nf(1)\n' | bc
