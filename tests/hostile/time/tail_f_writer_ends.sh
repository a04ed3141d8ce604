# `tail -f` follows while a background job writes the file, prints what
# it appended, and returns once no job is left that could write more.
# limit: wall_clock=3
# expect-stop: none
# expect-status: 0
# expect-stdout: x
# expect-stdout: y
# expect-stdout: done
# expect-max-seconds: 1.5
echo x > /tmp/f
{ sleep 0.3; echo y >> /tmp/f; } &
tail -f /tmp/f
echo done
