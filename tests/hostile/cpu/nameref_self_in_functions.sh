# A function's reference naming itself (`local -n x=x`) reaches the global
# `x`, as in bash, and so does a cycle of two local references: read and
# written 2000 times in a loop and once in each of 50 nested calls, every
# access follows at most 8 references and stops, without looping; each
# warns, and the warnings go where stderr is sent.
# profile: normal
# expect-stop: none
# expect-status: 0
# expect-stdout: 2000
# expect-stdout: 50
# expect-stdout: 3
# expect-stderr-contains: warning: x: circular name reference
f() {
    local -n x=x
    local i=0
    while (( i < 2000 )); do x=$(( x + 1 )); (( i++ )); done
}
x=0
f 2>/dev/null
echo "$x"
g() {
    local -n y=y
    if (( $1 > 0 )); then g $(( $1 - 1 )); fi
    y=$(( y + 1 ))
}
y=0
g 49 2>/dev/null
echo "$y"
h() { local -n a=b b=a; a=3; echo "$a"; }
h 2>/dev/null
k() { local -n x=x; : "$x"; }
k
