# `tail -f` of a file no background job could write returns after printing
# it rather than waiting for the wall clock (GNU would wait forever).
# limit: wall_clock=3
# expect-stop: none
# expect-status: 0
# expect-stdout: x
# expect-stdout: done
# expect-max-seconds: 1
echo x > /tmp/f
tail -f /tmp/f
echo done
