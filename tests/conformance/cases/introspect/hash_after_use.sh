hash -r
cat /dev/null
hash
