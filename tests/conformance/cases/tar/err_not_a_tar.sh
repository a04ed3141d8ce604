# check-stderr
printf 'this is definitely not a tar archive\n' > bad.tar
tar tf bad.tar; echo "status $?"
