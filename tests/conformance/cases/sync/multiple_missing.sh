# check-stderr
echo x > f; sync f a b; echo "[$?]"
