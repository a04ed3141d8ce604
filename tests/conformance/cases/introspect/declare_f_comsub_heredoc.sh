# Here-documents inside a function and inside its `$( )` bodies: bodies
# are kept as written (their `$( )` too), after the line that opens them.
f() {
    cat <<EOF
a $(echo  b)
EOF
    x=$(cat <<E2
in $( echo   it )
E2
)
    y=$(cat <<EOF
x
EOF
echo b)
    echo done
}
declare -f f
f
