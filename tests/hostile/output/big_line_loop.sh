# 100 KB lines printed in a loop.
# limit: max_output=1M max_commands=1G max_loop_iterations=1G
# expect-stop: output
# expect-stdout-bytes: 512K..1M
x=$(printf '%*s' 100000 '')
while :; do echo "$x"; done
