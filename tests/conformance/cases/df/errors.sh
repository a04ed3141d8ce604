# check-stderr
df nofile; echo "[$?]"
df --bogus; echo "[$?]"
df -t nosuchfs .; echo "[$?]"
