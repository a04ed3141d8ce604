# A multi-line `$( )` body keeps its newlines between commands (the next
# command unindented); `;` stays `; `; comments and blank lines go.
f() {
    x=$(
        for f in a b; do
            echo "$f"
            echo more
        done
    )
    w=$(if true
    then echo a
    echo b
    fi)
    u=$(echo a; # a comment
    echo b;)
    y=$(
    echo e

    echo f
    )
    z=$(while read -r l; do echo "$l"; done < <( echo  q))
}
declare -f f
