# Recursion through subshells: each level is a fresh copy of the shell.
# expect-stop: call_depth
# expect-max-seconds: 2
f() { (f); }
f
