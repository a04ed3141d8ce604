# awk prints in an endless loop: the output limit stops it, and what was
# printed up to the limit is kept.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: yyyy\nyyyy\n
# expect-stdout-bytes: 512K..1M
awk 'BEGIN { while (1) print "yyyy" }'
