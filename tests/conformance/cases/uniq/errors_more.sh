# check-stderr
printf 'a\n' | uniq --all-repeated=foo; echo "status $?"
printf 'a\n' | uniq --group -c; echo "status $?"
printf 'a\n' | uniq -s x; echo "status $?"
printf 'a\n' | uniq -w x; echo "status $?"
