# check-stderr
tty --no-such-option-xyz; echo "[$?]"
