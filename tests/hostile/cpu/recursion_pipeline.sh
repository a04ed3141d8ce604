# Recursion through both sides of a pipeline: the number of calls doubles
# at each level, so the command budget runs out long before the depth one.
# expect-stop: commands
# expect-max-seconds: 2
f() { f | f; }
f
