# check-stderr
shopt -s expand_aliases
alias a='b ' b='a ' ls='ls -d'
a
alias c='echo C' d='c'
d; d x
echo "status=$?"
