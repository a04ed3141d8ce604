# check-stderr
mkdir d
basenc --base64 nosuch; echo "status $?"
basenc --base64 d; echo "status $?"
