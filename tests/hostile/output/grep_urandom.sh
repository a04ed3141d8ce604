# grep passing through every "line" of random bytes.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 256K..1M
grep -a '' /dev/urandom
