# true and true and ... 100 000 times, one and-or list. A single list
# cannot be parsed in pieces: with room for its parse (215 MB of RSS;
# each `&&` counts as four tokens), it runs until the command budget ends
# it. With 128 MB it is a memory stop before the parse.
# generate: "true" " && true"*100000 "\n"
# limit: max_memory=320M
# expect-stop: commands
# expect-max-seconds: 3
