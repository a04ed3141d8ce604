# The script sends its stderr to /dev/null, then closes it, before a loop
# the iteration limit stops: the stop message still reaches the run's
# real stderr (it is written past the script's descriptors), and the run
# names the limit.
# limit: max_loop_iterations=100
# expect-stop: loop_iterations
# expect-stdout: before
# expect-stderr-contains: sandbash: maximum loop iterations exceeded (100)
echo before
exec 2>/dev/null
echo hidden >&2
exec 2>&-
while :; do :; done
