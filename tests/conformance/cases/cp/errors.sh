# check-stderr
cp; echo "[$?]"
cp f; echo "[$?]"
cp nofile g; echo "[$?]"
echo x > f
cp f g h; echo "[$?]"
cp f nodir/g; echo "[$?]"
cp -T f; echo "[$?]"
