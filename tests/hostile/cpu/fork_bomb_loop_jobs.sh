# A ternary bomb: each call starts three background copies of itself from a
# loop and waits for them. The session runs at most 8 jobs at once (strict
# profile), its subshells' included, so the copies past that are refused
# with bash's fork error, as under a process limit, and the bomb ends on
# its own, quickly.
# expect-stop: none
# expect-stderr-contains: fork: retry: Resource temporarily unavailable
# expect-max-seconds: 2
f() { for i in 1 2 3; do f & done; wait; }
f
