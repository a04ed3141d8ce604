# cut -b streams as GNU's does: the bytes of a 100 MB line are never held,
# so the selected byte and the final newline come out in flat memory.
# expect-stop: none
# expect-stdout: 2
head -c 100000000 /dev/zero | cut -b1 | wc -c
