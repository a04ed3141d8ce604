# Newlines, semicolons, comments, line continuation in the program.
awk '
# a comment
BEGIN {
    total = 0 ; count = 0   # trailing comment
}
{
    total += \
        $1
    count++
}
END {
    if (count)
        print "avg", total / count
    else
        print "none"
}' <<'DATA'
10
20
30
DATA
