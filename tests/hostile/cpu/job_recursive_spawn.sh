# Each job starts another job and waits for it: a chain of background
# jobs, each one level deeper, that never ends by itself.
# expect-stop: call_depth
# expect-max-seconds: 2
f() { f & wait; }
f
