# The flood is redirected to /dev/stdout by name.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 512K..1M
cat /dev/zero > /dev/stdout
