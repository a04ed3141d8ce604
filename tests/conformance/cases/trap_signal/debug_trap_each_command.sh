trap 'echo "debug: $BASH_COMMAND"' DEBUG
x=1
echo "x=$x"
trap - DEBUG
echo untraced
