# Case changes with a pattern, `&` in a replacement, @Q, ~~ and namerefs
# to case-converting variables, in a UTF-8 locale and in the C locale.
for loc in C.UTF-8 C; do
    LC_ALL=$loc
    v=héllo
    echo "$loc: ${v^^[hl]} ${v^[h]} ${v,,[L]}"
    echo "$loc: ${v/?/<&>} ${v//l/[&]} ${v/é/<&>}"
    echo "$loc: ${v@Q} ${v~~} ${v~}"
    w=$'é\tx'
    echo "$loc: ${w@Q}"
    declare -u up
    declare -n ref=up
    ref=éa
    echo "$loc: $up ${#up} ${#ref}"
    unset -n ref
    unset up
done
