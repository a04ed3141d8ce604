# declare -f prints a named descriptor's redirection as bash does:
# `{h}> f2` on a simple command, after the group, after `done`.
f() {
    { echo a; } {g}>f1
    echo b {h}>f2
    for w in <(echo x) y<(true)z; do :; done
    p=<(true)
    while read -r l; do :; done {fd}<f1
}
declare -f f
trap 'echo "[$BASH_COMMAND]"' DEBUG
echo x {fd}>/dev/null
trap - DEBUG
