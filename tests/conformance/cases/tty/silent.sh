# check-stderr
tty -s; echo "[$?]"
tty --silent; echo "[$?]"
tty --quiet < /dev/null; echo "[$?]"
tty < /dev/null; echo "[$?]"
