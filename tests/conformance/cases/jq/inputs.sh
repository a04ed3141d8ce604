printf '1 2 3' | jq -n -c '[inputs]'
printf '1 2 3' | jq -c '[inputs]'
printf '1 2 3' | jq -n 'reduce inputs as $x (0; . + $x)'
