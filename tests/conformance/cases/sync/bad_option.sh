# check-stderr
sync --no-such-option-xyz; echo "[$?]"
