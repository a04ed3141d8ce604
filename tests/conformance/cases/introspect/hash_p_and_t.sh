hash -p /bin/echo myecho
hash -t myecho
hash -t nosuch
echo "status=$?"
