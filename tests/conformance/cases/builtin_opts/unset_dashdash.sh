# check-stderr
x=1
unset -- x
echo "${x-gone}"
f() { echo f; }
unset -f -- f
type f 2>&1 | head -1
