# check-stderr
printf "aa\na+\nab\n(x)\n{1}\n" > f
grep "a\+" f; echo "s=$?"
grep "a+" f; echo "s=$?"
grep -E "a+" f; echo "s=$?"
grep -E "a|\(x" f; echo "s=$?"
grep "a\|(x" f; echo "s=$?"
grep -G "a\{2\}" f; echo "s=$?"
grep -E "a{2}" f; echo "s=$?"
grep "{1}" f; echo "s=$?"
grep -E "^\{1" f; echo "s=$?"
