# `$BASH_COMMAND` shows a command with its `$( )` bodies as bash keeps
# them (normalized); backquotes as written.
trap 'echo "D: $BASH_COMMAND"' DEBUG
x=$(  echo   a;echo b )
y="$( echo $(  echo  c ) )"
z=`echo   d`
echo "$x" "$y" "$z"
trap - DEBUG
