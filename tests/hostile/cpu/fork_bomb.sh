# The classic fork bomb. As in bash, the run itself returns at once (`:`
# only starts a background job); what the bomb keeps spawning is bounded by
# the run's command budget and must neither keep the session busy nor
# spill into its next run.
# expect-stop: none
# after: sleep 0.2; echo still here
# after-stdout: still here
:(){ :|:& };:
