# check-stderr
printf "Hello\nhello\nHELLO\nhelp\n" > f
grep -i hello f; echo "s=$?"
grep -y HELLO f; echo "s=$?"
grep -i --no-ignore-case hello f; echo "s=$?"
grep --no-ignore-case -i HELLO f; echo "s=$?"
grep -ic "HEL" f; echo "s=$?"
grep -iF "HELP" f; echo "s=$?"
grep -io "L\+" f; echo "s=$?"
