# check-stderr
printf "a1 b\nfoo_bar\nx\ty\nFOO\nword.end\n" > f
grep -P "\d" f; echo "s=$?"
grep -P "^\w+$" f; echo "s=$?"
grep -P "\s" f; echo "s=$?"
grep -P "\bend\b" f; echo "s=$?"
grep -P "(?i)foo" f; echo "s=$?"
grep -cP "\D" f; echo "s=$?"
