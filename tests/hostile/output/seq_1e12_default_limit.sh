# `seq 1e12` under the strict profile's own output limit (10 MB).
# expect-stop: output
# expect-stdout-prefix: 1\n2\n3\n
# expect-stdout-bytes: 5M..10M
seq 1e12
