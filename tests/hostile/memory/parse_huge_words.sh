# One echo with 495 000 two-byte words, 990 KB of text: parsing must take
# well under a second, and the parsed words must not multiply the size of
# the text in memory.
# generate: "echo" " a"*495000 " | wc -c\n"
# expect-stop: none
# expect-stdout: 990000
# expect-max-seconds: 1
