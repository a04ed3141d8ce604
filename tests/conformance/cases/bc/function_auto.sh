printf 'define g(x) { auto y; y = x * 2; return y + 1; }\ny = 7\ng(3)\ny\n' | bc
