shopt -s lastpipe
echo value | read v
echo "v=$v"
