shopt -s expand_aliases
f() { greet; }
alias greet='echo hi from alias'
f
echo "status=$?"
