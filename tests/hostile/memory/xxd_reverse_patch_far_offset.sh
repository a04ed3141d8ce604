# `xxd -r - FILE` patches FILE at the offsets of the dump: sandbash holds
# the file's bytes, so a line at offset 2^40 asks for a terabyte, which
# the memory budget refuses before anything is allocated.
# expect-stop: memory
printf '10000000000: 41\n' | xxd -r - out
