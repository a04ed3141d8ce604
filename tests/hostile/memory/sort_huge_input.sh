# sort must hold its whole input: 3 million lines are 20 MB.
# expect-stop: memory
seq 3000000 | sort > /dev/null
echo "not reached"
