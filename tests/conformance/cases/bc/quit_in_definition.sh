printf 'define f() { quit; }\n1\n' | bc; echo rc=$?
