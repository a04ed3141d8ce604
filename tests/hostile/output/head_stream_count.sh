# 5 MB of random bytes counted, not printed.
# expect-stop: none
# expect-stdout: 5242880
# expect-max-seconds: 2
cat /dev/urandom | head -c 5M | wc -c
