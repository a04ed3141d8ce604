echo 1 > a.json; echo 2 > b.json
jq -c '[., input_filename]' a.json b.json
echo 3 | jq 'input_filename'
jq -n 'input_filename'
