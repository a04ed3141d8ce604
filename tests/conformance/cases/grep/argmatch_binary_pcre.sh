# check-stderr
printf "foo\nbar\n" > f
printf "x\0y\nfoo\n" > b
printf "a\0a\0b\n" > b2
mkdir d; printf "foo\n" > d/h
grep -d rec foo d; echo "s=$?"
grep --directories=s foo d f; echo "s=$?"
grep -d r foo d; echo "s=$?"
grep -c -v foo b; echo "s=$?"
grep -c a b2; echo "s=$?"
grep -c '^a$' b2; echo "s=$?"
grep -m1 -c a b2; echo "s=$?"
grep -P '\Qf.o\E' -c f; echo "s=$?"
grep -E 'a{99999}' f; echo "s=$?"
grep 'a\{32767\}' -c f; echo "s=$?"
