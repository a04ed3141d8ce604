# Three million positional parameters from a 20 MB capture.
# expect-stop: memory
set -- $(seq 3000000)
echo "not reached: $#"
