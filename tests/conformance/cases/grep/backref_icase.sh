printf "aA\nAb\nxYy\nBOb\n" > f
grep -i "\(a\)\1" f; echo "s=$?"
grep -iE "(y)\1" f
grep -iE "^(b)o\1$" f
