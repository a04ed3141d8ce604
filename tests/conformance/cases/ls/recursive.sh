# check-stderr
mkdir -p d/sub/deep d/e
touch d/f d/sub/g d/sub/deep/h
ls -R d; echo "s=$?"
ls -R1 d/sub; echo "s=$?"
cd d && ls -R; echo "s=$?"
