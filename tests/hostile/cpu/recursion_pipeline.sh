# Recursion through both sides of a pipeline: the number of calls and of
# threads doubles at each level, so the command or the memory budget runs
# out long before the depth one.
# expect-stop: commands|memory
# expect-max-seconds: 2
f() { f | f; }
f
