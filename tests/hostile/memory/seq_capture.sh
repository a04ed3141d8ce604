# `seq 1e12` captured by `$( )`: the capture outgrows the memory limit.
# expect-stop: memory
x=$(seq 1e12)
echo "not reached: ${#x}"
