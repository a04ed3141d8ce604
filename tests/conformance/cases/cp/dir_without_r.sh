# check-stderr
mkdir d; echo a > d/x
cp d e; echo "[$?]"
echo z > f
cp f d e2; echo "[$?]"
ls
