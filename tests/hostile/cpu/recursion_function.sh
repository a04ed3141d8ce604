# Unbounded function recursion ends at the call-depth limit (100).
# expect-stop: call_depth
# expect-max-seconds: 2
f() { f; }
f
