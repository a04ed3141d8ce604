# Writing to /dev/zero is accepted and changes nothing.
# expect-stop: none
# expect-stdout: 3
echo hi > /dev/zero
head -c 3 /dev/zero | wc -c
