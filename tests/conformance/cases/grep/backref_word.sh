printf "foo bar\nabba\nthe book\nx aa y\n" > f
grep -wE "(.)\1" f; echo "s=$?"
grep -w "a\(b\)\1a" f
