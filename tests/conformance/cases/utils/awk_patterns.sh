# Patterns: expressions, regexes, ranges, negation, no action.
printf 'apple\nbanana\ncherry\ndate\nelder\n' > f
awk '/an/' f
awk 'NR % 2 == 0 { print NR, $0 }' f
awk '/banana/, /date/ { print "in:", $0 }' f
awk '!/e/' f
awk 'length($0) > 5' f
awk 'NR==1, NR==1 { print "single", $0 }' f
rm f
