# check-stderr
shopt -s expand_aliases
alias hi='echo hello'
\hi
'hi'
echo done
