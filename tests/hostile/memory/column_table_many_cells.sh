# column -t over three megabytes of one-letter cells: the lines fit the
# budget, but each cell costs a slice eight times the size of its text;
# the cells are charged as they are made, so the memory budget stops it.
# expect-stop: memory
yes 'a a a a a a a a a a a a a a a a a a a a' | head -c 3000000 | column -t
