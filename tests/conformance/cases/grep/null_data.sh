# check-stderr
printf "a1\0b2\0a3" > f
grep -z a f | od -c
grep -zc a f; echo "s=$?"
grep -zv a f | od -c
printf "x\ny\0z\n" | grep -z "^y" | od -c
printf "x\ny\0z\n" | grep -z "x$" | od -c
printf "one\ntwo\0" | grep -zx "one" | od -c
