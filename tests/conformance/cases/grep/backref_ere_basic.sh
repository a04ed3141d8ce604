printf "abab\nabcd\naa\nbook\n" > f
grep -E "(o)\1" f; echo "s=$?"
grep -E "(.)\1" f; echo "s=$?"
