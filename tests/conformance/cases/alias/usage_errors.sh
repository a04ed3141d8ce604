# check-stderr
alias -x
echo "status=$?"
unalias
echo "status=$?"
alias a=1 b=2
unalias -a
alias
echo "status=$? (empty)"
alias -- c=3
alias -p
