# `shuf -i` over a billion numbers: with -n 3 only three are drawn, and
# without -n the first lines come at once (the range is never built), so
# `head` ends the pipeline at once too.
# expect-stop: none
# expect-stdout: 3
# expect-stdout: 1
# expect-max-seconds: 2
shuf -i 1-1000000000 -n 3 | wc -l
shuf -i 1-1000000000 | head -n 1 | wc -l
