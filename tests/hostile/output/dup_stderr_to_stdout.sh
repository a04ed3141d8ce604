# `2>&1 >&2` applied left to right: both descriptors end up on the
# original stdout, which takes the flood.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: 512K..1M
cat /dev/zero 2>&1 >&2
