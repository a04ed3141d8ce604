# derived with jq on the converted JSON: -p json -o yaml of a nested document
echo '{"name":"app","ports":[80,443],"env":{"DEBUG":"true"}}' | yq -p json -o yaml
