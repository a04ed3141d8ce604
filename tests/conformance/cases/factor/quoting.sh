# check-stderr
factor "a'b" $'a\tb'; echo "rc=$?"
