# check-stderr
command time --no-such-option-xyz; echo "[$?]"
