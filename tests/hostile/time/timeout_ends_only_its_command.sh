# A busy nested shell under `timeout`: the deadline stops that command
# (status 124) wherever it loops, and the script goes on; the run itself
# is not stopped and names no limit (the command and loop counts are
# raised so that only the deadline can end the loop on a fast build).
# profile: normal
# limit: wall_clock=3
# limit: max_commands=1G
# limit: max_loop_iterations=1G
# expect-stop: none
# expect-stdout: 124
# expect-stdout: 124
# expect-stdout: after
# expect-max-seconds: 2
timeout 0.2 bash -c 'while :; do :; done'; echo $?
timeout 0.2 sh -c 'yes | while read l; do sleep 1; done'; echo $?
echo after
