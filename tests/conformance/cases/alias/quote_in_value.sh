alias q="echo it's"
alias q
