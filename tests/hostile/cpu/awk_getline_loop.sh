# A getline loop that never sees its end (getline returns 0, not -1, at
# the end of the command's output): getline checks the run's clock.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
awk 'BEGIN { while (("echo x" | getline line) >= 0) n++ }'
