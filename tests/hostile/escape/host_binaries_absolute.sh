# Absolute paths to host binaries do not exist (`/bin/bash` is the
# sandbox's own shell, from which the host's programs are not found). A
# system path naming one of the sandbox's own utilities (`/usr/bin/env`)
# runs that utility, never a host program: the programs asked for here
# are ones the sandbox does not have.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: /usr/bin/python3: No such file or directory
# expect-stderr-contains: /bin/bash: line 1: gcc: command not found
# expect-stderr-contains: /usr/bin/gcc: No such file or directory
# expect-stderr-contains: /sbin/reboot: No such file or directory
/usr/bin/python3 -c 'print("pwned")'
/bin/bash -c 'gcc'
/usr/bin/gcc
/sbin/reboot
