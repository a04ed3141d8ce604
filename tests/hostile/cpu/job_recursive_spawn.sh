# Each job starts another job and waits for it: a chain of background
# jobs, each one level deeper. The session runs at most 8 jobs at once
# (strict profile), nested ones included, so the ninth link is refused
# with bash's fork error and the chain unwinds.
# expect-stop: none
# expect-stderr-contains: fork: retry: Resource temporarily unavailable
# expect-max-seconds: 2
f() { f & wait; }
f
