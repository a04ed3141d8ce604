# A pipeline of 5000 stages on one line: every stage is a thread with its
# own shell state and pipe, and the command or the memory budget must
# bound them.
# generate: ":" " | :"*5000 "\n"
# expect-stop: commands|memory
# expect-max-seconds: 4
