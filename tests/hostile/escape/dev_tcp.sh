# /dev/tcp redirections are refused: there is no network.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: /dev/tcp/127.0.0.1/22: network access is not available in the sandbox
echo hi > /dev/tcp/127.0.0.1/22
