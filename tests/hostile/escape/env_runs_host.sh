# `env` runs commands through the sandbox's own lookup; `env -i` and
# absolute paths do not reach the host.
# expect-stop: none
# expect-status: 127
# expect-stdout-empty:
# expect-stderr-contains: env: 'sh': No such file or directory
# expect-stderr-contains: env: '/bin/sh': No such file or directory
env sh -c 'echo pwned'
env -i /bin/sh -c 'echo pwned'
