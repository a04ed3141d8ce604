for x in; do echo never; done
echo "status $?"
