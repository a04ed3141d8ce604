# check-stderr
printf 'caf\303\251\n\377x\nabc\n' > f
grep -c . f; echo "s=$?"
grep -o . f | od -An -c | head -3
grep -c '^.x$' f; echo "s=$?"
grep -o '\w*' f | od -An -c
grep -c "$(printf '\303\251')" f; echo "s=$?"
grep -ic 'CAF' f; echo "s=$?"
grep -cP '^\w+$' f; echo "s=$?"
grep -c "[$(printf '\351')]" f; echo "s=$?"
