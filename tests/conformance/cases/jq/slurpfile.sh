printf '1 2\n{"a":3}\n' > f.json
jq -n --slurpfile s f.json '$s' -c
