# Squaring without end doubles the number each time: every product is
# charged before it is built, so the memory limit stops the loop.
# expect-stop: memory
echo 'x = 2; while (1) x = x * x' | bc
