# check-stderr
shopt -s expand_aliases
alias hi='echo hello'
unalias hi
hi
echo "status=$?"
