# Sixteen busy background loops: iterations of all jobs count together.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-max-seconds: 2
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
  while :; do :; done &
done
wait
