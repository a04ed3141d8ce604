# Two symlinks back to their own directory, walked by tools that follow
# them. Without loop detection the walk has 2^40 paths before ELOOP.
# GNU ls, grep and cp notice that the directory is one they are already
# inside and say so: ls and cp fail (2 and 1), grep only warns and its
# status says whether a line matched.
# symlink: /tmp/d/a -> /tmp/d
# symlink: /tmp/d/b -> /tmp/d
# expect-stop: none
# expect-max-seconds: 2
# expect-stdout: ls=2
# expect-stdout: grep=0
# expect-stdout: cp=1
# expect-stdout: f
# expect-stderr-contains: ls: /tmp/d/a: not listing already-listed directory
# expect-stderr-contains: grep: /tmp/d/b: warning: recursive directory loop
# expect-stderr-contains: cp: cannot copy cyclic symbolic link '/tmp/d/a'
echo needle > /tmp/d/f
ls -RL /tmp/d > /dev/null; echo "ls=$?"
grep -R needle /tmp/d > /dev/null; echo "grep=$?"
cp -rL /tmp/d /tmp/c; echo "cp=$?"
ls /tmp/c
