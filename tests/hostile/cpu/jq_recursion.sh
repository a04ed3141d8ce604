# A jq definition calling itself without end: the guard at the head of
# every definition measures the evaluation thread's stack and ends it
# with an error (status 5) long before the stack overflows; the endless
# loop after it is stopped by the wall clock (jaq calls it without
# growing the stack).
# profile: normal
# limit: wall_clock=3
# expect-stop: timeout
# expect-stdout: status 5
# expect-stderr-contains: recursion too deep
jq -n 'def f: f + 1; f'
echo "status $?"
jq -n 'def g: g; g'
