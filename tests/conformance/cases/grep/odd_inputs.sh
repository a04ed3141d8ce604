# check-stderr
printf "no newline" > nonl
: > empty
printf "crlf\r\nx\r\n" > crlf
grep new nonl | od -c
grep -c x empty; echo "s=$?"
grep -v x empty; echo "s=$?"
grep "crlf$" crlf; echo "s=$?"
grep -c "x.$" crlf; echo "s=$?"
grep x crlf | od -c
grep "^$" empty; echo "s=$?"
printf "\n\n" | grep -c "^$"; echo "s=$?"
