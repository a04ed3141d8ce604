# ... and no host program is found by name, whatever PATH says (`sh` is
# the sandbox's own shell).
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: python3: command not found
# expect-stderr-contains: curl: command not found
# expect-stderr-contains: nc: command not found
# expect-stderr-contains: sh: line 1: gcc: command not found
PATH=/bin:/usr/bin:/sbin:/usr/local/bin:$PATH
python3 -c 'print(1)'
curl http://169.254.169.254/
nc -l 4444
PATH=/bin:$PATH sh -c gcc
