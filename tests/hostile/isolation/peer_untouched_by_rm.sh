# This session wipes everything it can; the other session's files, shell
# state and working directory are untouched.
# peer: mkdir -p /workspace/keep; echo kept > /workspace/keep/f; cd /workspace/keep; KEEP=yes
# peer-after: cat f; echo "$KEEP $PWD"
# peer-after-stdout: kept
# peer-after-stdout: yes /workspace/keep
# expect-stop: none
# expect-status: 1
rm -rf --no-preserve-root / 2>/dev/null
unset -v KEEP PATH HOME
cd /tmp 2>/dev/null
