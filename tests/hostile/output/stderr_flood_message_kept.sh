# A NUL flood on stderr: stderr is full when the limit hits, and the stop
# message must still be there.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-empty:
cat /dev/zero >&2
