shopt -s expand_aliases
alias say='echo first'
f() { say; }
alias say='echo second'
f
g() { say; }
g
unalias say
f
