# check-stderr
uname x; echo "[$?]"
uname -z; echo "[$?]"
uname --bogus; echo "[$?]"
