# The flood goes through a saved copy of stdout (fd 3).
# limit: max_output=1M max_commands=1G max_loop_iterations=1G
# expect-stop: output
# expect-stdout-bytes: 512K..1M
exec 3>&1
while :; do echo x >&3; done
