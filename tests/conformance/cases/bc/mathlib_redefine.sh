printf 'define s(x) { return x * 2; }\ns(3)\n' | bc -l
