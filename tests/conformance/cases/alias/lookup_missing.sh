# check-stderr
alias nope
echo "status=$?"
