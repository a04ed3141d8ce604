# check-stderr
set -u
x=1
echo $x
echo $nosuch
echo notreached
