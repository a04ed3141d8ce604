# printf reuses its format for every argument: 400 000 arguments times a
# 40-byte format is 16 MB of output kept in a variable.
# expect-stop: memory
printf -v x '%.0sxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' {1..400000}
echo "not reached: ${#x}"
