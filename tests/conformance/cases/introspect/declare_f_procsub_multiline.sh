# A process substitution's body is printed as a `$( )` body is: a newline
# between two commands stays one, `;` stays `; `.
f() {
    cat <(echo a
    echo b) >(
        cat
    ) <( { echo x; } )
    while read -r l; do echo "$l"; done < <(
        printf '%s\n' a b
        echo c; echo d
    )
    diff <(for i in 1 2; do echo "$i"; done) <(( 1 + 1 )) 2>/dev/null
}
declare -f f
