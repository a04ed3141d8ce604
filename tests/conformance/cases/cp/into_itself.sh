# check-stderr
mkdir -p d/e
cp -r d d/e; echo "[$?]"
cp -r d d; echo "[$?]"
