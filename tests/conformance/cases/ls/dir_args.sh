# check-stderr
mkdir -p d/sub
touch d/f d/.hid
ls d/; echo "s=$?"
ls -a d | head -2; echo "s=$?"
ls -d d/; echo "s=$?"
ls -d .; echo "s=$?"
ls -dF d; echo "s=$?"
ls -R d/; echo "s=$?"
ls -A d; echo "s=$?"
