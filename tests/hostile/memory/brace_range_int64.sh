# A range over the whole 64-bit space.
# expect-stop: memory
# expect-stdout-empty:
echo {0..9223372036854775807}
