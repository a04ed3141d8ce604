# The other session ran into its command limit and left busy jobs behind;
# this session starts with a fresh budget and runs normally.
# peer: (while :; do :; done) & true
# limit: max_commands=5000 max_loop_iterations=5000
# expect-stop: none
# expect-stdout: 4000
n=0
for i in {1..4000}; do ((n++)); done
echo "$n"
