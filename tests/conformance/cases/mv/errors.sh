# check-stderr
mv; echo "[$?]"
mv f; echo "[$?]"
mv nofile g; echo "[$?]"
echo x > f
mv f f; echo "[$?]"
mv f g h; echo "[$?]"
mv f nodir/g; echo "[$?]"
