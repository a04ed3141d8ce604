printf 'define f(*a[]) { a[1] += 1; return a[1]; }\nf(a[]); f(a[]); a[1]\ndefine g(*b[]) { b[0] = 5; return 1; }\ndefine h(*c[]) { return g(c[]); }\nh(x[]); x[0]\n' | bc
