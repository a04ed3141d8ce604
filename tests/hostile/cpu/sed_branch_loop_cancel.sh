# A host cancel ends sed's endless branch loop at once.
# limit: wall_clock=none max_commands=1G max_loop_iterations=1G
# cancel-after: 0.3
# expect-stop: cancelled
# expect-max-seconds: 0.8
echo | sed ':a;s/^/x/;s/x//;ba'
