# Copying or moving a directory into itself must be refused, not recurse
# forever (GNU cp and mv messages).
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: cp: cannot copy a directory, '/tmp/a', into itself, '/tmp/a/b/a'
# expect-stderr-contains: mv: cannot move '/tmp/a' to a subdirectory of itself, '/tmp/a/b/a'
# expect-max-seconds: 2
# after: find_depth() { local n=0 p=/tmp/a; while [ -d "$p/b" ]; do p=$p/b; ((n++)); done; echo "$n"; }; find_depth
# after-stdout: 1
mkdir -p /tmp/a/b
cp -r /tmp/a /tmp/a/b
mv /tmp/a /tmp/a/b
