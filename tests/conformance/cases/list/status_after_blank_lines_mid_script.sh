( exit 3 )


echo "status after blank lines: $?"
false
# comment

echo "status after a comment: $?"
eval 'false

'
echo "eval with trailing blank lines: $?"
