echo '.a + 1' > prog.jq
echo '{"a":41}' | jq -f prog.jq
echo '{"a":41}' > in.json
jq --from-file prog.jq in.json
