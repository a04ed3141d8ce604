shopt -s expand_aliases
alias v='echo one'
v
alias v='echo two'
v
