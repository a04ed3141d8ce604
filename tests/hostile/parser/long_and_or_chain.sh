# true and true and ... 100 000 times, one and-or list. A single list
# cannot be parsed in pieces: with room for its parse (~200 000 tokens),
# it runs until the command budget ends it.
# generate: "true" " && true"*100000 "\n"
# limit: max_memory=128M
# expect-stop: commands
# expect-max-seconds: 3
