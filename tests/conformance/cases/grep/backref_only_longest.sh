printf "abcabcabc\nxx yyyy\n" > f
grep -oE "(abc|a)\1*" f
grep -oE "(y|yy)\1" f
