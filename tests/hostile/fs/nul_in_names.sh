# A NUL byte cannot be part of a name: `$'a\0b'` is `a` in bash, and a
# name with a NUL from elsewhere is refused, not truncated into another.
# expect-stop: none
# expect-stdout: a
touch /tmp/$'a\0b'
ls /tmp
