# dos2unix -i counting the line breaks of an endless stream: it prints
# nothing until the end and holds nothing (the count is kept a chunk at a
# time), so only the wall clock stops it, at once.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout-empty:
yes $'a\r' | dos2unix -i
