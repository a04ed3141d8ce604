# check-stderr
printf "one\ntwo\nthree\n" > f
grep "$(printf "one\ntwo")" f; echo "s=$?"
grep -e "$(printf "x\nthree")" f; echo "s=$?"
grep -F "$(printf "ne\nwo")" f; echo "s=$?"
