f6() ( echo sub )
f7() { echo a; } >/dev/null 2>&1
function f8 { local a=1 b=(1 2) c; x=1 y=2 cmd "a b" 'c d'; }
declare -f f6 f7 f8
f7
echo "status $?"
