# Signals cannot reach host processes: pid 1, the host's own pid range.
# expect-stop: none
# expect-status: nonzero
# expect-stdout-empty:
kill -9 1
kill -TERM -1
kill -KILL 0
