# Aliases that name themselves and each other: an alias is not expanded
# again inside its own expansion, so each chain ends at the first name
# already being expanded, and that word is run as a command.
# expect-stop: none
# expect-stdout: [x] self
# expect-stdout: ping
# expect-stdout: done
# expect-stderr-contains: a: command not found
shopt -s expand_aliases
alias echo='echo [x] ' a='b ' b='a ' c='d' d='c'
alias ping='echo ping' pong='ping'
echo self
a
\echo ping
\echo done
unalias -a
