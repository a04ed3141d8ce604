# check-stderr
uname --no-such-option-xyz; echo "[$?]"
