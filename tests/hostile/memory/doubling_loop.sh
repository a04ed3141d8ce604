# A string that doubles at every iteration.
# expect-stop: memory
# expect-stdout-empty:
a=a
while :; do a=$a$a; done
