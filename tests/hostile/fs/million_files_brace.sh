# `touch` with a million names from a brace expansion: the word list
# itself is over the memory limit before any file is made.
# expect-stop: memory
touch /tmp/f{1..1000000}
