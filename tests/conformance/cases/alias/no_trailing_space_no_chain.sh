shopt -s expand_aliases
alias run='echo running'
alias thing='THING'
run thing
