# The flood comes from the EXIT trap, after the body ended normally.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: body done\n
# expect-stdout-bytes: 512K..1M
trap 'seq inf' EXIT
echo body done
