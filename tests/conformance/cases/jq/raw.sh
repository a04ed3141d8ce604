echo '["a\tb", "c\nd", 1, null, {"x":"y"}]' | jq -r '.[]'
