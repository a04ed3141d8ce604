# check-stderr
printf "a\n" > f
printf "b\n" > g
: > e
grep -l a f g e; echo "s=$?"
grep -L a f g e; echo "s=$?"
grep -lv a f g e; echo "s=$?"
grep -lZ a f g | od -c
grep -LZ a f g | od -c
grep -L a f; echo "s=$?"
grep -l a - < f; echo "s=$?"
grep -l --label=IN a - < f; echo "s=$?"
grep -lc a f g; echo "s=$?"
