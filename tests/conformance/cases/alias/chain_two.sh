shopt -s expand_aliases
alias a1='a2 first'
alias a2='echo second'
a1
