# Capturing an endless stream of random bytes.
# expect-stop: memory
x=$(cat /dev/urandom)
echo "not reached"
