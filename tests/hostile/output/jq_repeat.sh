# jq printing an endless stream: the output limit stops it, what was
# printed up to the limit is kept.
# limit: max_output=64K
# expect-stop: output
# expect-stdout-prefix: 1\n1\n1\n
# expect-stdout-bytes: 32K..64K
jq -n 'repeat(1)'
