# check-stderr
set -x
name=world
echo "hello $name" ${name^^}
