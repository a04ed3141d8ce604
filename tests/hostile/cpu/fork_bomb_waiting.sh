# A fork bomb in which every level waits for its own job, so the run
# lives as long as the bomb: it must end at the command budget (every
# thread of the run counts against it), with the session usable at once.
# expect-stop: commands
# expect-max-seconds: 2
# after: echo still here
# after-stdout: still here
:(){ :|:& wait; };:
