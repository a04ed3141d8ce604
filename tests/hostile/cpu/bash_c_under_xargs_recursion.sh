# xargs running bash running xargs running bash...: every level nests on
# the runner and the nested shell, both bounded by the call depth.
# Under the strict profile each level also holds a subshell's memory
# charge (its copy of the variables and 128 KiB), so the memory limit may
# come first: either stop is named and bounds it.
# expect-stop: call_depth|memory
# expect-max-seconds: 3
export c='echo x | xargs bash -c "$c"'
bash -c "$c"
