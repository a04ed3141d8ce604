# `source` reads a whole file; given an endless process substitution it
# reads into memory charged to the run, which the memory limit stops.
# expect-stop: memory
source <(yes 'echo')
