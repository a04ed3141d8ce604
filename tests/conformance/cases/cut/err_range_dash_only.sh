# check-stderr
echo abc | cut -b -; echo "status $?"
