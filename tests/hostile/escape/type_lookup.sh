# `type` and `command -v` find only sandbox commands (`bash` and `sh` are
# the sandbox's own nested shell, shown where bash would find them).
# expect-stop: none
# expect-status: 1
# expect-stdout: /usr/bin/ls
# expect-stdout: /usr/bin/bash
# expect-stdout: /usr/bin/sh
# expect-stderr-contains: type: python3: not found
command -v ls bash sh python3 perl
type python3
