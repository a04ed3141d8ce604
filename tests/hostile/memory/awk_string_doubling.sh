# A string that doubles in a loop: each concatenation is sized against the
# memory left before it is built, so the memory limit stops it.
# expect-stop: memory
# expect-stderr-contains: awk: memory exhausted
awk 'BEGIN { s = "x"; while (1) s = s s }'
