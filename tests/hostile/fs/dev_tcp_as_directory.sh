# Making /dev/tcp a real directory does not make network paths files.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: network access is not available in the sandbox
mkdir -p /dev/tcp/127.0.0.1 2>/dev/null
echo x > /dev/tcp/127.0.0.1/80
