# `rg -L` follows symlinks; a link back to its own directory would make
# the walk endless (paths growing until the name limit, 2^N paths with two
# links). rg reports the loop and walks each real directory once.
# symlink: /workspace/d/up -> /workspace/d
# symlink: /workspace/d/up2 -> /workspace/d
# expect-stop: none
# expect-status: 2
# expect-max-seconds: 2
echo foo > d/f
rg -L --sort path -c foo d
