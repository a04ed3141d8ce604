# Nothing after the flood runs.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-not-contains: after
cat /dev/zero
echo after
