# declare -f prints array elements that hold process substitutions as written.
f() {
    a=(<(echo x) y<(true)z plain)
    local b=(<(echo q) r)
    c+=(k<(true))
}
declare -f f
