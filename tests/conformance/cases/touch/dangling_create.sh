# check-stderr
ln -s nowhere dangling
touch dangling; echo "s=$?"
ls nowhere; echo "s=$?"
printf x > t; ln -s t l
touch -d 2020-01-01 l; stat -c "%y" t
cat t; echo
touch -c -h nolink; echo "s=$?"
