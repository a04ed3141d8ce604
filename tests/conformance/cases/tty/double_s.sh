tty -s -s; echo "[$?]"
