# A huge sprintf width spelled in the format: refused before any padding
# is made.
# expect-stop: memory
awk 'BEGIN { x = sprintf("%1000000000s", "a") }'
