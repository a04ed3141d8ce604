# check-stderr
choose() {
    local PS3="$1: "
    shift
    select item in "$@"; do
        [ -n "$item" ] && { echo "$item"; return 0; }
        echo "invalid" >&2
    done
    return 1
}
choose colour red green blue <<EOF
7
3
EOF
echo "status $?"
choose size <<<1
echo "status $?"
