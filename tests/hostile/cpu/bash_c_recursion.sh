# A nested `bash -c` that runs itself through an exported variable: each
# level is a fresh shell in the same sandbox, counted against the
# call-depth limit like a function call, so it stops there (never on the
# thread's stack).
# Under the strict profile each level also holds a subshell's memory
# charge (its copy of the variables and 128 KiB), so the memory limit may
# come first: either stop is named and bounds it.
# expect-stop: call_depth|memory
# expect-max-seconds: 3
export c='bash -c "$c"'
bash -c "$c"
