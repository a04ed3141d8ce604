# `yes` floods stdout: the output limit stops it, and what was printed up
# to the limit is kept.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: y\ny\ny\n
# expect-stdout-bytes: 512K..1M
yes
