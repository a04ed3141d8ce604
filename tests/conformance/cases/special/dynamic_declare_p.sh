# The shell's dynamic variables are variables: declare -p shows them with
# their attributes and their value now.
true | false
declare -p PIPESTATUS
f() { declare -p FUNCNAME BASH_LINENO; declare -p RANDOM | sed 's/"[0-9]*"/N/'; }
g() { f; }
g
declare -p FUNCNAME 2>&1; echo "status $?"
declare -p SECONDS | sed 's/"[0-9]*"/N/'
declare -p LINENO BASH_SUBSHELL OPTIND
declare -p BASH_ARGV BASH_ARGC BASH_CMDS
declare -p EPOCHSECONDS BASHPID SRANDOM | sed 's/"[0-9.]*"/N/'
