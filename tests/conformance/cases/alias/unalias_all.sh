alias a=1 b=2
unalias -a
alias
echo "count=$(alias | wc -l)"
