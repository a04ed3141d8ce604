# jq: -c compact output, -a ASCII escapes, string escaping
printf '{"k":"é\\u0001\\u007f\\"\\\\/😀","n":[1,2]}\n' > in.json
jq -c . in.json
jq -c -a . in.json
jq -rc '.k | length, utf8bytelength' in.json
jq -cr '.n | tostring, tojson' in.json
rm in.json
