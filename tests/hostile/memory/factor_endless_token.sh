# factor reading one endless number from stdin: the token is charged to
# the memory budget as it grows, so the memory limit stops it.
# limit: max_loop_iterations=1G max_commands=1G
# expect-stop: memory
yes 1 | tr -d '\n' | factor
