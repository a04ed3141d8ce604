# 100 MB streamed through a pipe is fine: nothing holds it, memory stays
# flat, and the count is exact.
# expect-stop: none
# expect-stdout: 104857600
# expect-max-seconds: 3
head -c 100M /dev/zero | wc -c
