# check-stderr
mkdir d; sync d; echo "[$?]"
sync -f d; echo "[$?]"
sync -d; echo "[$?]"
