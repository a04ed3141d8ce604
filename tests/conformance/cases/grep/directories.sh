# check-stderr
mkdir d
printf "a\n" > d/f
printf "a\n" > f
grep a d; echo "s=$?"
grep a f d; echo "s=$?"
grep -s a d; echo "s=$?"
grep -d skip a d f; echo "s=$?"
grep --directories=skip a d; echo "s=$?"
grep -d read a d; echo "s=$?"
grep -d recurse a d; echo "s=$?"
grep -d foo a d; echo "s=$?"
grep -D skip a f; echo "s=$?"
grep -D read a f; echo "s=$?"
