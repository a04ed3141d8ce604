# A fork bomb in which every level waits for its own job. The session runs
# at most 8 jobs at once (strict profile), nested ones included: the copies
# past that are refused with bash's fork error, the waiting levels then
# return one by one, and the session is usable at once.
# expect-stop: none
# expect-stderr-contains: fork: retry: Resource temporarily unavailable
# expect-max-seconds: 2
# after: echo still here
# after-stdout: still here
:(){ :|:& wait; };:
