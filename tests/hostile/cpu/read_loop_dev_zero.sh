# Reading /dev/zero one character at a time, forever.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
while read -r -n 1 c; do :; done < /dev/zero
