# check-stderr
stdbuf --no-such-option-xyz; echo "[$?]"
