jq -nc 'reduce range(5) as $i (0; . + $i)'
jq -nc '[foreach range(5) as $i (0; . + $i)]'
jq -nc '[foreach range(5) as $i (0; . + $i; [$i, .])]'
jq -nc 'reduce empty as $x (7; . + 1)'
