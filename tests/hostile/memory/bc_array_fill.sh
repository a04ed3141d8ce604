# Filling bc's largest array: every element stored is charged to the
# memory budget, so the memory limit stops the loop.
# limit: max_loop_iterations=1G max_commands=1G
# expect-stop: memory
echo 'for (i = 0; i < 16777215; i++) a[i] = i' | bc
