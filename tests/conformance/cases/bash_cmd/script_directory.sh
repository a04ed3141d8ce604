# check-stderr
mkdir dd
bash dd; echo $?
