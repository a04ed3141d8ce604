# Assigning most dynamic variables does nothing; RANDOM seeds, SECONDS
# counts from the value, BASH_ARGV0 sets $0.
LINENO=100; echo "line $LINENO"
f() { FUNCNAME=x; echo "fn $FUNCNAME"; }; f
FUNCNAME=y; declare -p FUNCNAME
EPOCHSECONDS=3; echo "epoch ${#EPOCHSECONDS}"
BASH_COMMAND=zz; echo "$BASH_COMMAND"
HISTCMD=4; declare -p HISTCMD
SECONDS=100; declare -p SECONDS
BASH_ARGV0=myname; echo "zero $0"
PIPESTATUS=(4 5); echo "pipestatus ${PIPESTATUS[*]}"
