set -e
x=$(false; echo after)
echo "x=[$x]"
