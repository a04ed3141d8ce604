shopt -s expand_aliases
alias echo='echo [x]'
echo hi
