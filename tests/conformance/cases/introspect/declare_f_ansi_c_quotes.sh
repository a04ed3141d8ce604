f() { echo $'a\tb' $'it\'s' "x$'q'" pre$'\x41'post; local nl=$'\n'; }
declare -f f
trap 'echo "[$BASH_COMMAND]"' DEBUG
echo $'tab\there' > /dev/null
trap - DEBUG
