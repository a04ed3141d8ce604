printf "abc\naXa\n" > f
grep -o "\(x*\)a\1" f; echo "s=$?"
grep -cE "()\1b" f
