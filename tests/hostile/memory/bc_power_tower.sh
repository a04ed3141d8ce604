# 10^10^10 has ten billion digits: bc sizes a power before computing it
# and the memory budget refuses it.
# expect-stop: memory
echo '10^10^10' | bc
