# check-stderr
df --no-such-option-xyz; echo "[$?]"
