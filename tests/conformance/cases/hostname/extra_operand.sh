# check-stderr
hostname -s -f | wc -l
