# find over a tree as deep as the filesystem allows (strict: 64 levels)
# and as wide as a thousand entries: the walk is iterative, so depth
# costs no stack; it finishes well within the bounds.
# limit: max_commands=1G max_loop_iterations=1G
# expect-stop: none
# expect-stdout: 61
# expect-stdout: 1001
# expect-stdout: /tmp/deep/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/leaf
# expect-max-seconds: 3
p=/tmp/deep
for i in {1..60}; do p=$p/d; done
mkdir -p $p && touch $p/leaf
find /tmp/deep -type d | wc -l
mkdir /tmp/wide && cd /tmp/wide && touch f{1..1000}
find . | wc -l
find /tmp/deep -name leaf -depth
