# system() in an endless loop: each command runs through the shell's
# runner and counts against the run's command limit.
# expect-stop: commands
awk 'BEGIN { while (1) system("true") }'
