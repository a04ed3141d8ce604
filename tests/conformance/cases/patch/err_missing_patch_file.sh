# check-stderr
printf 'a\n' > f
patch -i nosuch f; echo "status $?"
