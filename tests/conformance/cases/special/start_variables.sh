# Variables bash sets itself on start.
declare -p PS4 OPTERR HOSTTYPE MACHTYPE OSTYPE
echo "${BASH##*/}"
[[ -n $BASH ]] && echo "BASH is set"
