# tac must hold its input to reverse it: an endless stream fills the
# memory budget, which stops it (the bytes held are charged as they come).
# expect-stop: memory
yes | tac
