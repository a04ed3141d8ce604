# jq: -s gathers the input stream into one array; -n with input/inputs
printf '1 2\n3\n{"a":4}\n' > in.json
jq -s -c . in.json
jq -s 'length' in.json
jq -n -c '[inputs]' in.json
jq -n -c 'input, input' in.json
jq -n -c 'reduce inputs as $x (0; . + 1)' in.json
jq -c -s 'map(type)' in.json
rm in.json
