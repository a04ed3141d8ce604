# jq: several input files, input_filename, values spanning lines
printf '{"a":1}\n' > one.json
printf '[2]\n3\n' > two.json
jq -c '[., input_filename]' one.json two.json
jq -c . two.json one.json
printf '[1,\n2]\n' > three.json
jq -c . three.json one.json
rm three.json
rm one.json two.json
