printf '1 2\n[3]\n{"a":4}' | jq -c -s .
printf '' | jq -c -s .
