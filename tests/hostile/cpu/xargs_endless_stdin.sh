# xargs over an endless stdin: it runs `echo` with every full line, forever;
# it checks the run's clock between items and commands, so the wall clock
# ends it (its output goes to /dev/null so that the output limit cannot
# end it first on a fast build).
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout-empty:
# expect-max-seconds: 2.5
yes | xargs echo >/dev/null
