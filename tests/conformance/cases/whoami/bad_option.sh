# check-stderr
whoami --no-such-option-xyz; echo "[$?]"
