printf "abcabc\nabcab\nabbcbc\n" > f
grep -E "((a)(b)c)\1" f; echo "s=$?"
grep -E "(a(b(c)))\3" f; echo "s=$?"
grep -oE "((a)b)\2" f; echo "s=$?"
