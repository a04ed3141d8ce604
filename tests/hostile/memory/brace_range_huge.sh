# `{1..99999999}` would be a 100-million-word list.
# expect-stop: memory
# expect-stdout-empty:
echo {1..99999999}
