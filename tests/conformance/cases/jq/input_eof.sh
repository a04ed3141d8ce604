# check-stderr
# jq 1.7 differs from the recorded 1.6: 1.6 says "break"; 1.7 says "No more inputs" at the input position <stdin>:0; .err written by hand
printf '1' | jq -c '[., input]'
echo "status=$?"
