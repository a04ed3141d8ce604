# The same two self-links walked without following them: ls -R, grep -r,
# cp -r and rm -r see two symlinks and stop there.
# symlink: /tmp/d/a -> /tmp/d
# symlink: /tmp/d/b -> /tmp/d
# expect-stop: none
# expect-max-seconds: 2
# expect-stdout: /tmp/d/f:needle
# expect-stdout: gone
echo needle > /tmp/d/f
ls -R /tmp/d > /dev/null
grep -r needle /tmp/d
cp -r /tmp/d /tmp/copy
rm -r /tmp/d /tmp/copy && echo gone
