# check-stderr
groups --no-such-option-xyz; echo "[$?]"
