# check-stderr
# Under `set -u`, an operator on an unset variable is an unbound-variable
# error like its plain value; the tests `-`, `+`, `=`, `?` and `$@`/`$*`
# are not.
set -u
(echo ${undef/x/y}); echo "replace $?"
(echo ${undef:1:2}); echo "slice $?"
(echo ${undef#x}); echo "strip $?"
(echo ${undef^^}); echo "case $?"
(echo ${undef@Q}); echo "quote $?"
(echo ${undef[0]%x}); echo "element $?"
(echo "${undef[@]/x/y}"); echo "all $?"
(echo "${@/x/y}" "${*:1}"); echo "positional $?"
(echo ${undef-d} ${undef:+a}); echo "tests $?"
