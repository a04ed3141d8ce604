# Huge printf and sprintf widths: refused before any padding is made.
# expect-stop: memory
awk 'BEGIN { printf "%*d", 2000000000, 1 }'
