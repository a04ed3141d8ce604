printf "abab\nabcd\naa\nxyxy\n" > f
grep "\(ab\)\1" f; echo "s=$?"
grep "\(..\)\1" f; echo "s=$?"
