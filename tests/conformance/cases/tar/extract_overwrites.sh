printf 'archived\n' > f
tar cf a.tar f
printf 'changed\n' > f
tar xf a.tar; echo "status $?"
cat f
