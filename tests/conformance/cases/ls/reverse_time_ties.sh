# check-stderr
touch -d "2020-01-01" b a c
ls -t; echo "s=$?"
ls -tr; echo "s=$?"
ls -S; echo "s=$?"
