# du, tree, chmod -R and chown -R over a tree as deep as the filesystem
# allows (strict: 64 levels) and a thousand entries wide: their walks use
# explicit stacks, so depth costs no recursion, and they finish well
# within the bounds.
# limit: max_commands=1G max_loop_iterations=1G
# expect-stop: none
# expect-stdout: 61
# expect-stdout: 61 directories, 1 file
# expect-stdout: 1001
# expect-stdout: 1 directory, 1000 files
# expect-stdout: 0
# expect-max-seconds: 3
p=/tmp/deep
for i in {1..60}; do p=$p/d; done
mkdir -p $p && touch $p/leaf
du /tmp/deep | wc -l
tree /tmp/deep | tail -n 1
mkdir /tmp/wide && cd /tmp/wide && touch f{1..1000}
du -a . | wc -l
tree | tail -n 1
chmod -R a+rX /tmp/deep /tmp/wide && chown -R "$(id -un)" /tmp/deep /tmp/wide; echo $?
