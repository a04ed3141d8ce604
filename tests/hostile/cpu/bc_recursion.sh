# A bc function calling itself without end: calls nest at most 1000 deep,
# so bc reports a runtime error (as GNU bc reports its own exhaustion)
# and goes on with the next line, long before the thread's stack is at risk.
# expect-stop: none
# expect-stdout: 2
# expect-stderr-contains: Recursion too deep
printf 'define f(n) { return f(n + 1); }\nf(1)\n1 + 1\n' | bc
