cat /dev/zero | head -c 5000000 > big
ls -l big
cat big big big big > /dev/null
