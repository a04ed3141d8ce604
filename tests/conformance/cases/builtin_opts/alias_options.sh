# check-stderr
alias -p -- x=y 2>&1
alias -p
unalias -a --
alias
alias -Q
echo "status=$?"
unalias -Q
echo "status=$?"
