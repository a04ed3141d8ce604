# 100 000 nested `(` in a find expression: refused with a clear error and
# status 1, not a stack overflow in find's parser; `!` chains the same.
# limit: max_memory=64M
# expect-stop: none
# expect-status: 0
# expect-stdout: 1
# expect-stdout: 1
# expect-stderr-contains: find: expression nested too deeply
p=$(printf '%100000s' '')
set -f
find . ${p// /( } -print ${p// / )}
echo $?
find . ${p// /! } -print
echo $?
