printf 'abc' > f1; printf 'aXc' > f2
cmp -b f1 f2; echo "status $?"
printf 'a\tb\001' > f3; printf 'a\nb\377' > f4
cmp -bl f3 f4; echo "status $?"
