printf 'echo one\nreturn 3\necho never\n' > r.sh
source ./r.sh
echo "status $?"
f() { source ./r.sh; echo "in f after source: $?"; }
f
