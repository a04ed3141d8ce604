# Absolute paths to host binaries do not exist.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: /usr/bin/python3: No such file or directory
# expect-stderr-contains: /bin/bash: No such file or directory
# expect-stderr-contains: /usr/bin/env: No such file or directory
# expect-stderr-contains: /sbin/reboot: No such file or directory
/usr/bin/python3 -c 'print("pwned")'
/bin/bash -c 'echo pwned'
/usr/bin/env
/sbin/reboot
