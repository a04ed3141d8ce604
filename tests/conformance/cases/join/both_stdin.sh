# check-stderr
join - - < /dev/null; echo "status $?"
