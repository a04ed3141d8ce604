shopt -s expand_aliases
alias cond='true'
if cond; then echo yes; fi
