# jq 1.7 differs from the recorded 1.6: @base32 and @base32d are 1.7's (1.6: "is not a valid format"), limit(0; f) is empty in 1.7 (1.6 gives f's first output), tojson keeps the literal 1.0; .out written by hand
jq -nr '"test" | @base32, (@base32 | @base32d)'
jq -nc '[limit(0; 1, 2)]'
jq -c tojson <<< '[1.0, 2.50]'
