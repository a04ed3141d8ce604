printf 'define f() { halt; }\n1; f(); 2\n3\n' | bc
