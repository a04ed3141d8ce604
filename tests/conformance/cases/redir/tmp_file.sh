f=/tmp/sandbash-conformance-redir-tmp.txt
echo hi > $f
cat $f
rm $f
