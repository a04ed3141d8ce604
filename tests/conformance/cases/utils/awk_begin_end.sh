# BEGIN and END, NR in END, several rules of each.
printf '1\n2\n3\n' | awk 'BEGIN { print "start" } BEGIN { x = 10 } { x += $1 } END { print "sum", x, NR } END { print "last", $0 }'
awk 'BEGIN { print "only begin" }'
