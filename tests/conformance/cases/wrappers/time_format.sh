# check-stderr
command time -f '%x [%C] %%' sh -c 'exit 2'; echo $?
