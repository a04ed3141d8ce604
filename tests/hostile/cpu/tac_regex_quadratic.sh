# tac -r tries the separator at every start from the end, each try free to
# run to the end of the input: `.*x` over a megabyte that has no x costs
# quadratic time, as in GNU. The tries check the run's clock, so the wall
# clock stops it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 3
head -c 1000000 /dev/zero | tac -r -s '.*x'
