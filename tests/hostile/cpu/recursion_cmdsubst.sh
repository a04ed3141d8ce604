# Recursion through command substitution.
# expect-stop: call_depth
# expect-max-seconds: 2
f() { echo "$(f)"; }
f
