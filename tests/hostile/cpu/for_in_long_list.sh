# `for` over 50 000 words: the loop budget stops it at 10 000, after the
# last multiple of 1000 was printed.
# limit: max_commands=1G
# expect-stop: loop_iterations
# expect-stdout-contains: 10000\n
# expect-stdout-not-contains: 10001
for i in {1..50000}; do ((i % 1000)) || echo "$i"; done
