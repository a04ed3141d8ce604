shopt -s expand_aliases
alias greet='echo hi from alias'
f() { greet; }
f
