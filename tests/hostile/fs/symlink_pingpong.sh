# Two symlinks pointing at each other, used as a directory and written to.
# symlink: /tmp/ping -> pong
# symlink: /tmp/pong -> ping
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: Too many levels of symbolic links
# expect-max-seconds: 1
ls /tmp/ping/
echo x > /tmp/ping
cd /tmp/pong
