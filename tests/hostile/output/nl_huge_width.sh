# nl -w pads every number to two billion columns: the padding is written
# in pieces, never built, so the output limit stops it, not memory.
# limit: max_output=1M
# expect-stop: output
nl -w 2000000000 /dev/null - <<< a
