set -e
shopt -s inherit_errexit
x=$(false; echo after) || echo "failed"
echo "x=[$x]"
