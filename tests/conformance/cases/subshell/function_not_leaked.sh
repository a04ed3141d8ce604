# check-stderr
(f() { echo f; }; f)
f
echo $?
