# check-stderr
printf "hit\n" > "a b"
printf "hit\n" > "$(printf "c\nd")"
grep hit "a b" "$(printf "c\nd")"; echo "s=$?"
grep -l hit * | od -c
grep -c hit "a b" nosuch; echo "s=$?"
