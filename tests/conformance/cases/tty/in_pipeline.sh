echo | tty -s; echo "[$?]"
tty -s <<< x; echo "[$?]"
