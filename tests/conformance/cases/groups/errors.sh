# check-stderr
groups --bogus; echo "[$?]"
groups nosuchuser_xyz; echo "[$?]"
