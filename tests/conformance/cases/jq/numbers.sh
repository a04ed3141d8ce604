# jq 1.7 differs from the recorded 1.6: 1.7 prints a number literal in its decimal form (1.0, 1E+3, 0.00001, 3.0E+2, 100000000000000000000), 1.6 as a double; .out written by hand
jq -c . <<< '[1.0, 1.5, 100000000000000000000, -0, 0.1, 1e3, 1E-5, 3.0e2]'
jq -c tojson <<< '[1.0, -0, 1e3]'
jq -nc '"[1.0,2]" | fromjson'
