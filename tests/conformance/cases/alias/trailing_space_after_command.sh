shopt -s expand_aliases
alias sudo='command ' ll='echo listing'
sudo ll -a
alias nothing=''
nothing echo "empty alias"
