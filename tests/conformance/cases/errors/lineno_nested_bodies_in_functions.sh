# $LINENO inside command substitutions and backquotes in a function body,
# on the function's later lines: counted in the whole script.
f() {
    local a
    a=$(echo "$LINENO")
    echo "assign $a"
    echo "arg $(echo $LINENO) quoted \"$(echo $LINENO)\""
    echo "backquotes `echo $LINENO`"
    arr=(x "$(echo $LINENO)")
    echo "array ${arr[1]}"
    if true; then
        echo "nested $(echo $(echo $LINENO))"
    fi
}
f
g() { echo "one line $(echo $LINENO)"; }
g
