# `true && true && ...` 100 000 times.
# generate: "true" " && true"*100000 "\n"
# expect-stop: commands
# expect-max-seconds: 3
