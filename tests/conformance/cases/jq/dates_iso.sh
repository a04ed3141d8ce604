jq -nc '0 | todateiso8601, (1e9 | todate)'
jq -nc '"1970-01-02T00:00:00Z" | fromdateiso8601'
jq -nc '1425599507 | strftime("%Y-%m-%dT%H:%M:%SZ")'
