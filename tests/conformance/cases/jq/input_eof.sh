# check-stderr
# jq 1.7 differs from the recorded 1.6: 1.6 says "break"; 1.7 says "No more inputs" (at the input position, <stdin>:1 after a line); .err written by hand
echo 1 | jq -c '[., input]'
echo "status=$?"
