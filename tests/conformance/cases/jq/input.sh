printf '1 2 3 4' | jq -c '[., input]'
