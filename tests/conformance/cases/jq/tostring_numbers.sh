# jq 1.7 differs from the recorded 1.6: tostring of an unchanged literal keeps its decimal form (1E+17, 100000000000000000000); .out written by hand
jq -nc '[0.1 + 0.2, 1e17, 1.5e300, 123456789012, 3.14159] | map(tostring)'
jq -nc '100000000000000000000 | tostring'
