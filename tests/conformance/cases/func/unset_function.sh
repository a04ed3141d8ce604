# check-stderr
f() { echo hi; }
unset -f f
f
echo $?
