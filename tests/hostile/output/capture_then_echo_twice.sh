# Output built in memory first (0.6 MB), then printed twice.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: 1\n2\n
# expect-stdout-bytes: 512K..1M
x=$(seq 100000)
echo "$x"
echo "$x"
echo "not reached"
