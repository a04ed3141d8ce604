# A ternary bomb: each call starts three background copies of itself from a
# loop and waits for them. Loop iterations, commands and jobs all grow
# exponentially; the command or the memory budget must end it.
# expect-stop: commands|memory
# expect-max-seconds: 2
f() { for i in 1 2 3; do f & done; wait; }
f
