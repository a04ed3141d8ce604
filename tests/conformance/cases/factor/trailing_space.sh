# check-stderr
factor '12 ' '1 2' ''; echo "rc=$?"
