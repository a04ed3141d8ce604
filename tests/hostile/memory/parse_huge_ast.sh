# 199 000 commands, one per line (995 KB, under the strict script limit):
# the parsed script must fit in memory comparable to its text, and the
# command budget ends the run.
# generate: "true\n"*199000
# expect-stop: commands
# expect-max-seconds: 2
