# A bc loop with an empty body: bc ticks the cancel signal in every loop,
# so the run's wall clock ends it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
echo 'while (1) {}' | bc
