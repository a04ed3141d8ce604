# jq 1.7 differs from the recorded 1.6: 1.6 exits 4 on malformed input, 1.7 exits 5 (jqlang/jq#2654); .out written by hand
echo '{"a":1} {bad' | jq -c . 2>/dev/null
echo "status=$?"
