printf '' | uniq -c; echo "status $?"
