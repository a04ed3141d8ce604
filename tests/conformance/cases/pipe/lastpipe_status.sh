shopt -s lastpipe
true | false
echo "status=$?"
