# A gigabyte captured by `$( )`.
# expect-stop: memory
x=$(seq inf | head -c 1G)
echo "not reached: ${#x}"
