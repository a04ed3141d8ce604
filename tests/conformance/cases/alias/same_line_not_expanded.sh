# check-stderr
shopt -s expand_aliases
alias now='echo now'; now
now
