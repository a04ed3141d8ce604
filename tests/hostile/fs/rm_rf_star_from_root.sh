# `cd /; rm -rf *`: the same, through a glob.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: Device or resource busy
# after: echo x > /dev/null && cd /workspace && pwd
# after-stdout: /workspace
cd / && rm -rf *
