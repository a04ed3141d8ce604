# check-stderr
zip t.zip nosuch; echo "status $?"
ls
