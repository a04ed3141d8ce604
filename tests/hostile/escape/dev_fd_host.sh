# Descriptors the sandbox does not have are not the host's.
# expect-stop: none
# expect-stdout: 0
# expect-stdout: 1
# expect-stdout: 2
# expect-stderr-contains: /dev/fd/255
# expect-stderr-contains: Bad file descriptor
ls /dev/fd/
cat /dev/fd/255
cat <&9
true
