jq -nc '65 | ascii'
jq -nc '[72,105] | implode'
jq -nc '"Hello ÀB" | ascii_downcase, ascii_upcase'
jq -nc '"abc" | explode'
