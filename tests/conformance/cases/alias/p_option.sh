alias x='echo x' b='echo "b c"'
alias -p
