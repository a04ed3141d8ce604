alias zz='echo z' aa='echo a'
alias
