# A here-string twice the size of a 7 MB variable.
# expect-stop: memory
x=$(seq 1000000)
cat <<< "$x$x" | wc -c
