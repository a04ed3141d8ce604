# `break 99999999999999999999` inside an infinite loop must not wrap into
# a count that keeps the loop going. bash 5.2 refuses the argument and the
# shell exits with status 128.
# limit: max_commands=1G
# expect-stop: none
# expect-status: 128
# expect-stdout-empty:
# expect-stderr-contains: break: 99999999999999999999: numeric argument required
while :; do while :; do break 99999999999999999999; done; done; echo out
