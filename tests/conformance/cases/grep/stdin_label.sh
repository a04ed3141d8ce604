# check-stderr
printf "a\nb\n" | grep -H a; echo "s=$?"
printf "a\nb\n" | grep --label=foo -H a; echo "s=$?"
printf "a\nb\n" | grep --label=foo -c a - /dev/null; echo "s=$?"
printf "a\nb\n" | grep -L z; echo "s=$?"
