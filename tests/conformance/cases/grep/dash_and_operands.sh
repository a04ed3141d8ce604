# check-stderr
printf -- "-x\na\n" > f
grep -- -x f; echo "s=$?"
grep -e -x f; echo "s=$?"
grep f -e a; echo "s=$?"
grep a f -n; echo "s=$?"
printf "a\n" | grep a - -; echo "s=$?"
