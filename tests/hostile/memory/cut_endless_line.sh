# cut reads a line at a time within the memory budget: a 100 MB line
# without a newline cannot be held, so the memory limit stops it instead
# of the line growing without bound.
# expect-stop: memory
head -c 100000000 /dev/zero | cut -b1
