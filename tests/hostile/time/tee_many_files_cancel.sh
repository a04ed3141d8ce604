# tee opening 100000 files under a wall clock shorter than that takes
# (fuzz F19): it checks the run's cancel signal before each open, so the
# run stops at the wall clock instead of after the last file.
# limit: wall_clock=0.05
# expect-stop: timeout
# expect-max-seconds: 0.5
tee {0..99999}aa < /dev/null
