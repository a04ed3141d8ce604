echo a
eval 'echo "e $LINENO"
echo "e2 $LINENO"'
