hash -r
cat /dev/null
cat /dev/null
sort /dev/null
hash
hash -l
hash -d cat
hash -t cat 2>/dev/null || echo "cat forgotten"
hash -t sort
