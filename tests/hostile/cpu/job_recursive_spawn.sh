# Each job starts another job and waits for it: a chain of background
# jobs, each one level deeper and each a thread with its own shell state,
# that never ends by itself: the depth or the memory budget ends it.
# expect-stop: call_depth|memory
# expect-max-seconds: 2
f() { f & wait; }
f
