# Cancelling `tail -f` (a background job keeps it following).
# limit: wall_clock=none
# cancel-after: 0.3
# expect-stop: cancelled
# expect-stdout: x
# expect-max-seconds: 0.8
echo x > /tmp/f
sleep 1000 &
tail -f /tmp/f
