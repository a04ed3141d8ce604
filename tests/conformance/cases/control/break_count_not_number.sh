# check-stderr
# A count that is not a number, or overflows one, ends the shell with
# status 128 (the EXIT trap runs); in a subshell, only the subshell.
trap 'echo exit trap' EXIT
( for i in 1 2; do echo $i; continue 99999999999999999999; done; echo no ); echo sub $?
while :; do while :; do break 99999999999999999999; done; done
echo not reached
