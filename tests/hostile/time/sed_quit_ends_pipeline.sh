# `q` stops reading: `yes | sed 3q` ends at once (yes then gets a closed
# pipe), and so does `sed -n '2{p;q}'`.
# expect-stop: none
# expect-stdout: y
# expect-stdout: y
# expect-stdout: y
# expect-stdout: y
# expect-max-seconds: 1
yes | sed 3q
yes | sed -n '2{p;q}'
