# check-stderr
chown --no-such-option-xyz; echo "[$?]"
