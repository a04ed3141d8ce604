# check-stderr
printf "abab\nabcd\naa\n" > f
grep "\(ab\)\1" f; echo "s=$?"
grep -E "(a)\1" f; echo "s=$?"
