# `read -d ''` stops at the first NUL byte: from /dev/zero it reads an
# empty string at once, as in bash.
# expect-stop: none
# expect-stdout: rc=0 len=0
IFS= read -r -d '' x < /dev/zero
echo "rc=$? len=${#x}"
