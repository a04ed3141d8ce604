# A body starting with `(` after `<( ` is printed with bash's blank; one
# written against `<(` (`<((`) is kept as written.
f() {
    cat <( (echo a) ) <( ((1)) ) >( (true) ) <(echo b)
    cat <((echo a) ) <((( 1 + 1 ))) <(((3)) ) <(( 4 )) >((true) )
}
declare -f f
