# `rm -rf /workspace/*` on a host mount removes the mounted files (it is
# read-write), symlinks and all, but never what the links point to.
# workspace: host
# expect-stop: none
# after: ls -A /workspace | wc -l
# after-stdout: 0
rm -rf /workspace/*
