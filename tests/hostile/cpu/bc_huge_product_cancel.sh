# Squaring a three-million-digit number: a product this size is computed
# in pieces that check the cancel signal, so the wall clock still ends
# the run on time (the normal profile's memory budget allows the numbers).
# profile: normal
# limit: wall_clock=1
# expect-stop: timeout|memory
# expect-max-seconds: 2.5
echo 'x = 7 ^ 3000000; while (1) x = x * x' | bc
