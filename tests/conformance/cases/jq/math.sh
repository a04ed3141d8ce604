jq -nc '[10 / 4, 10 % 3, -10 % 3, 2 * 3.5, (7 | floor), (7.5 | floor), (7.2 | ceil), (2 | sqrt), (-3 | fabs), (2 | pow(.; 10)), (100 | log10)]'
jq -nc '[3.7, -3.7] | map(round), map(trunc)' 2>/dev/null || jq -nc '[3.7, -3.7] | map(round)'
jq -nc '1 / 3'
jq -nc '[1, 2] | map(tostring)'
