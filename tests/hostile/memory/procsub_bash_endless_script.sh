# A nested `bash` whose script is an endless process substitution: the
# script is read into memory charged to the run, which the memory limit
# stops.
# expect-stop: memory
bash <(yes 'echo')
