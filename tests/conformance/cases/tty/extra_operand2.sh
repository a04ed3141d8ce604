# check-stderr
tty a b; echo "[$?]"
tty -s x; echo "[$?]"
