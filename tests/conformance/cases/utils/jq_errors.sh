# check-stderr
# jq: runtime errors (status 5), compile errors (status 3), error values
jq -n 'error("boom")'
echo "status $?"
jq -n '1 + "a"'
echo "status $?"
jq -n 'foo'
echo "status $?"
jq -n '{} | keys | .[0] | length, (try error("x") catch "caught \(.)")'
echo "status $?"
jq -n 'error({a:1})'
echo "status $?"
printf '1\n"x"\n3\n' | jq '. + 1'
echo "status $?"
