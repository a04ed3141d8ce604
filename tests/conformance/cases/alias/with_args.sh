shopt -s expand_aliases
alias say='echo said:'
say one two
