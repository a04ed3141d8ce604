# One `echo` of 3.4 MB, in a single write, against a 1 MB output limit:
# the first megabyte is kept, not dropped.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 1 2 3 4 5
# expect-stdout-bytes: 512K..1M
echo {1..500000}
