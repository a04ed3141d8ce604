alias ll='ls -l'
alias ll
