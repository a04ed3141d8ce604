# A shell loop printing forever; the loop budgets are out of the way.
# limit: max_output=1M max_commands=1G max_loop_iterations=1G
# expect-stop: output
# expect-stdout-prefix: flood\nflood\n
# expect-stdout-bytes: 512K..1M
while :; do echo flood; done
