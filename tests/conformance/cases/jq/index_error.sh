# check-stderr
# jq 1.7 differs from the recorded 1.6: 1.6 (Debian's snapshot) says 'Cannot index number with string "b"'; jq 1.7 prints 'Cannot index number with "b"'; .err written by hand
echo '{"a":1}' | jq '.a.b'
echo "status=$?"
jq -nc 'try ({"a":1} | getpath(["a","b"])) catch .'
