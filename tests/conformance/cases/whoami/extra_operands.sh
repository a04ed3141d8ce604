# check-stderr
whoami a b; echo "[$?]"
