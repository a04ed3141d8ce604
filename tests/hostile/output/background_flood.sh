# A background job floods stdout while the foreground waits for it.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 512K..1M
cat /dev/zero &
wait
