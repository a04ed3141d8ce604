# check-stderr
echo abc | cut -f 1-2-3; echo "status $?"
echo abc | cut -c 1-a; echo "status $?"
echo abc | cut -b 99999999999999999999; echo "status $?"
echo abc | cut -f 0-2; echo "status $?"
echo abc | cut -f ,1; echo "status $?"
