# A host cancel ends an endless awk loop inside a function within
# milliseconds.
# limit: wall_clock=none max_commands=1G max_loop_iterations=1G
# cancel-after: 0.3
# expect-stop: cancelled
# expect-max-seconds: 0.8
awk 'function spin(  i) { for (;;) i++ } BEGIN { spin() }'
