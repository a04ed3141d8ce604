# check-stderr
# A script's shell keeps no history: the list is empty, and the
# arguments are checked as bash checks them.
history
echo status=$?
history +5
echo status=$?
history -5
echo status=$?
history f
echo status=$?
history too many args
echo status=$?
history -d 3
echo status=$?
history -p a 'b c'
echo status=$?
history -c
echo status=$?
type -t history
# Too many numbers: bash drops the command (DISCARD), which ends a -c
# string; a script file goes on with the next command.
printf 'history 1 2; echo same\necho next $?\n' > h.sh
bash h.sh
echo "file: $?"
history 1 2
echo never
