# One `echo` with 330 000 three-byte words (990 KB of text): the parsed
# words must not multiply the text's size in memory.
# generate: "echo" " ab"*330000 " | wc -c\n"
# expect-stop: none
# expect-stdout: 990000
# expect-max-seconds: 2
