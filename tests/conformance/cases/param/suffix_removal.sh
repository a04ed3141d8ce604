v=a/b/c.tar.gz
echo ${v%.*} ${v%%.*} ${v%/*}
