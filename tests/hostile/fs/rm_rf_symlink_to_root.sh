# `rm -rf link/` where the link points at `/`: GNU rm's failsafe compares
# the directory itself with `/` and refuses; nothing is removed.
# symlink: /workspace/up -> ..
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: rm: it is dangerous to operate recursively on '/workspace/up/' (same as '/')
# after: ls /
# after-stdout: dev
# after-stdout: home
# after-stdout: tmp
# after-stdout: workspace
rm -rf /workspace/up/
