shopt -s expand_aliases
alias up='tr a-z A-Z'
echo abc | up
