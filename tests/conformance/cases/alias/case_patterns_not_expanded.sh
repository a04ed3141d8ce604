shopt -s expand_aliases
alias a='echo alias-a'
case a in a) a;; b) echo b;; esac
[[ a == a ]] && a
x=1 a
a | cat
