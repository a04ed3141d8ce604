# `rm -rf /` is refused by rm's failsafe, as GNU rm does.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: rm: it is dangerous to operate recursively on '/'
# expect-stderr-contains: rm: use --no-preserve-root to override this failsafe
# after: echo hi > /tmp/x && cat /tmp/x && ls /
# after-stdout: hi
# after-stdout: dev
# after-stdout: home
# after-stdout: tmp
# after-stdout: workspace
rm -rf /
