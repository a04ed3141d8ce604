# check-stderr
nice --no-such-option-xyz; echo "[$?]"
