# od -w asks for a block of a billion bytes: the two blocks it holds are
# charged before they are made, and the budget refuses them.
# expect-stop: memory
od -w1000000000 /dev/zero
