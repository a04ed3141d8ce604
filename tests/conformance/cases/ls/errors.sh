# check-stderr
ls nosuch; echo "s=$?"
ls -Y; echo "s=$?"
ls --frob; echo "s=$?"
touch f
ls f nosuch nosuch2; echo "s=$?"
ls --width; echo "s=$?"
ls --format=bad; echo "s=$?"
