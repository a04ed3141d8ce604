# sort of an endless line.
# expect-stop: memory
sort /dev/zero
