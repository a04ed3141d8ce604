# ... nor /dev/udp.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: /dev/udp/8.8.8.8/53: network access is not available in the sandbox
cat < /dev/udp/8.8.8.8/53
