# check-stderr
bash nosuch.sh; echo $?
