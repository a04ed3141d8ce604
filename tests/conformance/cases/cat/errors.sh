# check-stderr
cat nofile; echo "[$?]"
mkdir d; cat d; echo "[$?]"
cat --bogus; echo "[$?]"
echo x > f; cat f nofile f; echo "[$?]"
