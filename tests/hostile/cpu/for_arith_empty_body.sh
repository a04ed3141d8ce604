# An arithmetic loop whose body never runs a command: no command is
# counted, so the loop counter alone must stop it.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
for ((i = 0; ; i++)); do ((i)); done
