# Recursive string doubling through function arguments and locals: the
# memory limit comes long before the depth limit.
# expect-stop: memory
f() { local s=$1$1; f "$s"; }
f x
