# `head -c 100` closes the pipe: the flood stops at once, no limit hit.
# expect-stop: none
# expect-stdout-bytes: 100
# expect-max-seconds: 1
cat /dev/zero | head -c 100
