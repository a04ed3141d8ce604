# check-stderr
mkdir -p d/e
mv d d/e; echo "[$?]"
mv d d; echo "[$?]"
ls d
