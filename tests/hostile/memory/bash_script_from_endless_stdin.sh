# `bash` with no script operand reads its script from standard input, which
# here never ends. sandbash reads the whole script before running it (bash
# reads it line by line), within the run's memory budget: the memory limit
# stops it, named, instead of the text growing without end.
# expect-stop: memory
# expect-max-seconds: 4
yes 'echo y' | bash
