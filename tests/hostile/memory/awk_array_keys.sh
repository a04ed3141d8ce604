# Millions of array keys: every element is charged as it is stored, so
# the memory limit stops the loop.
# limit: max_loop_iterations=1G max_commands=1G
# expect-stop: memory
awk 'BEGIN { for (i = 0; i < 100000000; i++) a[i] = i }'
