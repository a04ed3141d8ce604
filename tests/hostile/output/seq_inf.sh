# `seq inf` counts forever.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 1\n2\n3\n4\n
# expect-stdout-bytes: 512K..1M
seq inf
