shopt -s expand_aliases
alias hi='echo hello'
type hi
type -t hi
