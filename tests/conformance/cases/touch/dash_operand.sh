# check-stderr
touch - ; echo "s=$?"
ls
