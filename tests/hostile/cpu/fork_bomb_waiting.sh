# A fork bomb in which every level waits for its own job, so the run
# lives as long as the bomb: it must end at a budget every copy draws on,
# commands or memory (each copy is a thread with its own shell state; which
# runs out first is an accounting detail), with the session usable at once.
# expect-stop: commands|memory
# expect-max-seconds: 2
# after: echo still here
# after-stdout: still here
:(){ :|:& wait; };:
