# check-stderr
stdbuf -oL echo line; echo $?
stdbuf -o x true; echo $?
