# `env` runs commands through the sandbox's own lookup; `env -i` and
# absolute paths do not reach the host. `sh` and `/bin/sh` are the
# sandbox's own interpreter (a nested shell over the same VFS), so the
# host's programs stay out of reach from inside it too.
# expect-stop: none
# expect-status: 127
# expect-stdout: inside
# expect-stderr-contains: sh: line 1: gcc: command not found
# expect-stderr-contains: /bin/sh: line 1: python3: command not found
env sh -c 'echo inside; gcc'
env -i /bin/sh -c 'python3 -c 1'
