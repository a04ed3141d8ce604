# `yes` flooding stderr: the stop message must still be kept at the end
# of stderr.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-empty:
# expect-stderr-prefix: y\ny\n
yes >&2
