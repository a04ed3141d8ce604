# `:a;N;ba` gathers an endless input into the pattern space: the pattern
# space is charged to the run's memory budget, so the memory limit stops
# it, not the host's RAM.
# expect-stop: memory
yes | sed ':a;N;ba'
