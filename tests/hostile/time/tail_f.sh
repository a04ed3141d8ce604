# `tail -f` follows a file while a background job could write it (printing
# what is there first): with one that never ends, until the wall clock.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout: x
# expect-max-seconds: 1.5
echo x > /tmp/f
sleep 1000 &
tail -f /tmp/f
