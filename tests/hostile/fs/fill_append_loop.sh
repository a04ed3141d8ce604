# A file that keeps doubling itself by appending.
# fs-limit: max_file_size=2M max_total_bytes=8M
# limit: max_commands=100000 max_loop_iterations=100000
# expect-stop: none
# expect-stderr-contains: File too large
# expect-stdout: done
echo seed > /tmp/f
while cat /tmp/f /tmp/f > /tmp/g && cat /tmp/g >> /tmp/f; do :; done
echo done
