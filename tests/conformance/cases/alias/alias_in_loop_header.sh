shopt -s expand_aliases
alias each='for i in 1 2 3; do'
each echo "n=$i"; done
alias when='if true; then echo yes;'
when fi
