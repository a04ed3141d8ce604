# `type` and `command -v` find only sandbox commands.
# expect-stop: none
# expect-status: 1
# expect-stdout: /usr/bin/ls
# expect-stderr-contains: type: python3: not found
command -v ls bash sh python3 perl
type python3
