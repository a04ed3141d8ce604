# check-stderr
touch -d "2020-01-01" target
ln -s target link
touch -h -d "2021-01-01" link; echo "s=$?"
stat -c "%y" target
stat -c "%y %N" link
touch -d "2022-01-01" link
stat -c "%y" target
ln -s nowhere dangling
touch -h dangling; echo "s=$?"
ls nowhere 2>/dev/null; echo "ls=$?"
touch dangling; echo "s=$?"; ls nowhere
