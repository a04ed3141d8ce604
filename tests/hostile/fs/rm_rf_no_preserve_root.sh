# `rm -rf --no-preserve-root /`: confined to the sandbox; mounts and
# devices refuse, and the session still works in /workspace.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: rm: cannot remove '/workspace': Device or resource busy
# after: cd /workspace && echo ok > f && cat f && ls /dev/null
# after-stdout: ok
# after-stdout: /dev/null
rm -rf --no-preserve-root /
