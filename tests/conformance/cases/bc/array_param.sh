printf 'define s(a[], n) { auto i, t; for (i = 0; i < n; i++) t += a[i]; return t; }\nfor (i = 0; i < 5; i++) b[i] = i * i\ns(b[], 5)\n' | bc
