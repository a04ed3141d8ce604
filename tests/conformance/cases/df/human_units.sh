# check-stderr
df -B 1K . | head -n1 | tr -s ' '
df -B x .; echo "[$?]"
df --block-size=0 .; echo "[$?]"
