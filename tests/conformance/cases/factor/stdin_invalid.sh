# check-stderr
printf '4 x 6\n' | factor; echo "rc=$?"
