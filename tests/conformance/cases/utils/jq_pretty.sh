# jq: default pretty printing, --tab, --indent N, -S, empty containers
printf '{"b":[1,{"c":[]}],"a":{},"s":"x"}\n' > in.json
jq . in.json
jq --tab . in.json
jq --indent 4 . in.json
jq --indent 0 . in.json
jq -S . in.json
jq -S -c . in.json
rm in.json
