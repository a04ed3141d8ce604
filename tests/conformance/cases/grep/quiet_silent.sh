# check-stderr
printf "a\n" > f
grep -q a f; echo "s=$?"
grep -q z f; echo "s=$?"
grep -q a missing f; echo "s=$?"
grep -q a f missing; echo "s=$?"
grep -q z f missing; echo "s=$?"
grep -s a missing; echo "s=$?"
grep -s a f missing; echo "s=$?"
grep -qs a missing; echo "s=$?"
grep --silent a f; echo "s=$?"
