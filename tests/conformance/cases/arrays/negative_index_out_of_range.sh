# check-stderr
a=(1 2)
a[-5]=x
echo "status=$?"
