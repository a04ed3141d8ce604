# check-stderr
nproc --no-such-option-xyz; echo "[$?]"
