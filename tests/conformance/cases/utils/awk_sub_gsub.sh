# sub and gsub: counts, &, \&, targets, empty matches.
awk 'BEGIN { s = "banana"; n = gsub(/a/, "[&]", s); print n, s }'
awk 'BEGIN { s = "banana"; n = sub(/an/, "AN", s); print n, s }'
awk 'BEGIN { s = "a.b.c"; gsub(/\./, "\\&", s); print s }'
awk 'BEGIN { s = "abc"; gsub(/x*/, "-", s); print s }'
echo "foo bar foo" | awk '{ gsub(/foo/, "baz"); print; print NF }'
echo "one two" | awk '{ sub(/o/, "0", $2); print }'
awk 'BEGIN { a["k"] = "hello"; gsub(/l/, "L", a["k"]); print a["k"] }'
