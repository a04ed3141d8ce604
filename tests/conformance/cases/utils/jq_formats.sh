# jq: @csv @tsv @sh @base64 @base64d @html @uri @json @text and format strings
printf '[1,"a,\\"b",null,true,"tab\\there"]\n' > in.json
jq -r '@csv' in.json
jq -r '@tsv' in.json
jq -r '.[1:2] | @sh' in.json
jq -r '"it'"'"'s" | @sh' in.json
jq -r '.[1] | @base64' in.json
jq -r '.[1] | @base64 | @base64d' in.json
jq -r '"<a href=\"x\">&</a>" | @html' in.json
jq -r '"a b/c?d=é" | @uri' in.json
jq -r '@json' in.json
jq -r '@text "v: \(.[0]) \(.[2])"' in.json
jq -r '@csv "row: \(.[0:2])"' in.json
rm in.json
