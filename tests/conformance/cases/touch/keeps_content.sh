# check-stderr
printf "data\n" > f
touch -d "2020-01-01" f
cat f
wc -c < f
touch f; cat f
