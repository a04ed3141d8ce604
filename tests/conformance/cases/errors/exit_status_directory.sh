# check-stderr
mkdir d
./d
echo "status=$?"
