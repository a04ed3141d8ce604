# check-stderr
nosuch
