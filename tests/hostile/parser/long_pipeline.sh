# A pipeline of 5000 stages on one line: every stage is a thread, and
# the command budget must bound them.
# generate: ":" " | :"*5000 "\n"
# expect-stop: commands
# expect-max-seconds: 3
