# check-stderr
echo x > f
cp f f; echo "[$?]"
cp f ./f; echo "[$?]"
ln -s f l; cp l f; echo "[$?]"
