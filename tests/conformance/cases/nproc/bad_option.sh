# check-stderr
nproc --bogus; echo "[$?]"
