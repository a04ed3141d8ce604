# xargs over an endless stdin: it runs `echo` with every full line, forever;
# it checks the run's clock between items and commands, so the wall clock
# ends it, with the output written until then kept.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout-prefix: y y y
# expect-max-seconds: 2.5
yes | xargs echo
