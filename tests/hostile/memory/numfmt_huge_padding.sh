# numfmt builds each field with its padding: a padding of two billion is
# charged before any field is made, and the budget refuses it.
# expect-stop: memory
numfmt --padding=2000000000 1
