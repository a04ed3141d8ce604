set -- outer1 outer2
f() { echo "$@"; set -- changed; echo "$@"; }
f x y
echo "$@"
