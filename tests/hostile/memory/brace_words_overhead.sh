# 500 000 brace-expansion words of 1-6 digits: 3.4 MB of text, but ~50 MB
# of real memory with each word's own allocation, the list's slot and the
# result's copy. Words are charged 64 bytes each beyond their text, so the
# strict 10 MiB budget refuses it before building them.
# expect-stop: memory
# expect-stdout-bytes: 0
echo {1..500000}
echo not reached
