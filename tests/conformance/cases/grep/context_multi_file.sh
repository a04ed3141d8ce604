# check-stderr
printf "a\nb\nc\n" > f
printf "b\nz\n" > g
grep -A1 b f g; echo "s=$?"
grep -B1 -n b f g; echo "s=$?"
grep -Z -A1 b f g | od -c
