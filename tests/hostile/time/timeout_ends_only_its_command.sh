# A busy nested shell under `timeout`: the deadline stops that command
# (status 124) wherever it loops, and the script goes on; the run itself
# is not stopped and names no limit.
# profile: normal
# limit: wall_clock=3
# expect-stop: none
# expect-stdout: 124
# expect-stdout: 124
# expect-stdout: after
# expect-max-seconds: 2
timeout 0.2 bash -c 'while :; do :; done'; echo $?
timeout 0.2 sh -c 'yes | while read l; do sleep 1; done'; echo $?
echo after
