# Recursive tools over a directory that contains a symlink to itself:
# ls -R, grep -r and cp -r do not follow it forever.
# symlink: /tmp/d/self -> /tmp/d
# expect-stop: none
# expect-max-seconds: 2
# expect-stdout-contains: /tmp/d/f:needle
# after: echo ok
# after-stdout: ok
echo needle > /tmp/d/f
ls -R /tmp/d > /dev/null
grep -r needle /tmp/d
cp -r /tmp/d /tmp/copy
true
