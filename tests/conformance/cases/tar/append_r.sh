printf '1\n' > a; printf '2\n' > b
tar cf a.tar a
tar rf a.tar b; echo "status $?"
tar tf a.tar
printf 'new\n' > a
tar rf a.tar a
tar tf a.tar
mkdir x; tar xf a.tar -C x; cat x/a
