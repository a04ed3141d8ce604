# A `case` inside `$( )` in a function, printed by `declare -f` as bash
# prints a case command.
f() {
    v=$(case $1 in a) echo x;; b|c) echo y;; esac)
    echo "$v"
}
declare -f f
f b
