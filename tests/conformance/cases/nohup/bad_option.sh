# check-stderr
nohup --no-such-option-xyz; echo "[$?]"
