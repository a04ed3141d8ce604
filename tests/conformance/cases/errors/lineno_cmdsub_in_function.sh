# check-stderr
# A message from inside `$( )` in a function names the line the command
# is on, counted in the whole script.
f() {
    :
    x=$(cd /nonexistent-a)
    y=$(
        cd /nonexistent-b)
    echo "$LINENO $(echo $LINENO)"
}
f
