printf 'define f(n) { auto a[]; a[n] = n; if (n > 0) return f(n-1) + a[n]; return 0; }\nf(10)\ndefine g(a[]) { a[0] = 9; return a[0]; }\nx[0] = 3; g(x[]); x[0]\n' | bc
