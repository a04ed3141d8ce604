# check-stderr
alias hi='echo hello'
hi
echo "status=$?"
