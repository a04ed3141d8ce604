# check-stderr
yes --bogus; echo $?
