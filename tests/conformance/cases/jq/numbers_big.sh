# jq 1.7 differs from the recorded 1.6: 1.7 keeps a literal (1E+1000, 3E+100, 12345678901234567) until arithmetic turns it into a double (1e1000 * 1 is 1.7976931348623157e+308); .out written by hand
jq -c . <<< '[1e1000, -1e1000]'
jq -nc '1e1000 | . * 1 | tostring'
jq -nc '[3e100, 1.5e-10, 12345678901234567]'
