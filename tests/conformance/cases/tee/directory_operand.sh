# check-stderr
mkdir d
echo x | tee d f; echo "[$?]"
cat f
echo y | tee nodir/f; echo "[$?]"
