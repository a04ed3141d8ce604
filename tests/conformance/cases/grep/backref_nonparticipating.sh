printf "b\nbb\naa\nba\nab\naba\n" > f
grep -E "^(a)?b\1$" f; echo "s=$?"
grep -E "^(a)*b\1" f; echo "s=$?"
grep -E "^((a)|b)\2" f; echo "s=$?"
grep -oE "(a|(b))\2" f; echo "s=$?"
grep "^\(a\)*b\1*$" f; echo "s=$?"
