# true and true and ... 100 000 times, one and-or list.
# generate: "true" " && true"*100000 "\n"
# expect-stop: commands
# expect-max-seconds: 3
