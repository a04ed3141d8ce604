# `read -N 2000000000` from an endless source.
# expect-stop: memory
read -r -N 2000000000 x < /dev/zero
echo "not reached: ${#x}"
