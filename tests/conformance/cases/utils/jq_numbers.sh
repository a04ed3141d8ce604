# jq: arithmetic and number printing of computed values
jq -n -c '[1 + 2, 10 / 4, 7 % 3, -5 % 3, 2 * 0.5, 1 / 3, 0.1 + 0.2]'
jq -n -c '[1e3, 3.14159 | floor, sqrt, fabs] | map(tostring), (1e17 * 10 | tostring)'
jq -n -c '[pow(2; 10), (10 | log10), (2 | exp2), (-1.5 | round), (1.5 | ceil)]'
jq -n -c '[infinite, -infinite, nan] | map(isinfinite, isnan)'
jq -n -c '[0.5 * 0.2, 1 / 100000, 123456789012 * 1, 1.5e300 * 1]'
