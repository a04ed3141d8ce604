shopt -s expand_aliases
def() { alias inner='echo inner-alias'; }
def
inner
alias semi='echo one;'
semi echo two
alias e='echo to-err >&2'
e 2>/dev/null; echo "after e"
alias lp='for x in 1 2; do echo $x; done'
lp
while read -r l; do inner "$l"; done <<< "line"
alias br='{ echo in-brace; }'
br
alias neg='! true'
neg || echo "neg failed"
alias t='time -p' 2>/dev/null
alias g='grep -c'
printf 'a\nb\na\n' | g a
alias x=echo y=x
y hello
unalias x y
alias k='key=1 '
k echo "$key" done
alias pipe='echo piped |'
pipe cat
