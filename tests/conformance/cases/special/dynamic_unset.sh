# unset takes away what makes a dynamic variable special; BASH_SOURCE and
# BASH_LINENO refuse it; PIPESTATUS is set again by the next command.
unset RANDOM; RANDOM=5; echo "RANDOM $RANDOM $RANDOM"
unset LINENO; echo "LINENO [$LINENO]"; LINENO=x; echo "LINENO $LINENO"
unset SECONDS; SECONDS=abc; echo "SECONDS $SECONDS"; declare -p SECONDS
unset FUNCNAME; f() { echo "FUNCNAME ${FUNCNAME-u}"; }; f
unset EPOCHSECONDS BASHPID DIRSTACK SRANDOM
echo "${EPOCHSECONDS-u} ${BASHPID-u} ${DIRSTACK-u} ${SRANDOM-u}"
unset BASH_SOURCE; echo "status $?"
unset BASH_LINENO; echo "status $?"
unset PIPESTATUS; false | true; echo "PIPESTATUS ${PIPESTATUS[*]}"
SRANDOM=7; echo "SRANDOM $SRANDOM"
