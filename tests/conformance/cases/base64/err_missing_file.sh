# check-stderr
base64 nosuch; echo "status $?"
