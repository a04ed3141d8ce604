printf 'a = 1; b = 2\na == 1 && b == 2\na == 1 || b == 3\n!(a == 1)\n' | bc
