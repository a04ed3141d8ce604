# jq: -e sets the status from the last output
jq -e -n 'true'; echo "status $?"
jq -e -n 'false'; echo "status $?"
jq -e -n 'null'; echo "status $?"
jq -e -n 'empty'; echo "status $?"
jq -e -n '1, false, 2'; echo "status $?"
jq -n 'empty'; echo "status $?"
