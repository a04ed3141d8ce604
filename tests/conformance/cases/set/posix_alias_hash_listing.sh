# In posix mode `alias` prints definitions without `alias ` unless given
# -p, and `hash` says nothing of an empty table.
alias a='b c' q=r
set -o posix
alias
alias a
alias -p a
hash
echo "hash status $?"
set +o posix
alias a
hash
