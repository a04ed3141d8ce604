# declare -f prints a process substitution's body with its newlines, also
# around commands of redirections only.
f() {
    cat <(b
<a
c) <(c | <a
b) <(x=1 <a
b) <(<a;b)
}
declare -f f
