# `:a;ba` branches forever without reading: sed checks the run's clock in
# its command loop, so the wall clock ends it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
echo | sed ':a;ba'
