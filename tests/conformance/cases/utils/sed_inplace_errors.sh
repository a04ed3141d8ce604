# check-stderr
printf 'x\n' > ok.txt
sed -i 's/x/y/' missing.txt ok.txt; echo "status $?"
cat ok.txt
mkdir d
sed -i p d; echo "status $?"
sed -i p; echo "status $?"
ls
