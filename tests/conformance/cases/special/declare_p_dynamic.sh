declare -p BASH_SUBSHELL LINENO
(declare -p BASH_SUBSHELL)
declare -p RANDOM SECONDS EPOCHSECONDS | sed "s/=.*//"
declare -p BASHPID | sed "s/=.*//"
