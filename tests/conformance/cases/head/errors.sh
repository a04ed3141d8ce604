# check-stderr
head nofile; echo "[$?]"
printf 'x\n' > f
head f nofile f; echo "[$?]"
head -n x f; echo "[$?]"
head -c 1Q f; echo "[$?]"
head -z -y; echo "[$?]"
