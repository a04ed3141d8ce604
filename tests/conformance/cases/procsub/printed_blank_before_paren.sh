f() {
    cat <( (echo a) ) <( ((1)) ) >( (true) ) <(echo b)
}
declare -f f
