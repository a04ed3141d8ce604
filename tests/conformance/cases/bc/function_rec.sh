printf 'define f(n) {\n  if (n <= 1) return 1\n  return n * f(n-1)\n}\nf(20)\n' | bc
