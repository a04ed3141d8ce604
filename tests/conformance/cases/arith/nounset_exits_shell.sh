# check-stderr
# Under `set -u`, an unset variable in `$(( ))` or `(( ))` ends the shell,
# as other unbound-variable errors do.
bash -uc 'x=$(( y + 1 )); echo not reached'; echo "assign $?"
bash -uc 'echo $(( y + 1 )); echo not reached'; echo "word $?"
bash -uc '(( y + 1 )); echo not reached'; echo "command $?"
bash -uc 'y=2; (( y + 1 )); echo "set: $?"'
