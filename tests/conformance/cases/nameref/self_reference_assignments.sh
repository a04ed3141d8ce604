# check-stderr
# A function's reference naming itself, as a `for` variable and the
# target of `read` and `printf -v`: each assigns the global variable.
f() {
    local -n x=x
    for x in 1 2; do echo "it $x"; done
    read -r x <<< "from read"
    echo "$x"
    printf -v x '%s' "from printf"
    echo "$x"
}
f
declare -p x
