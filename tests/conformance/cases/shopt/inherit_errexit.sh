set -e
shopt -s inherit_errexit
x=$(false; echo after)
echo "x=[$x]"
