# `tail -f` follows a file forever (printing what is there first).
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout: x
# expect-max-seconds: 1.5
echo x > /tmp/f
tail -f /tmp/f
