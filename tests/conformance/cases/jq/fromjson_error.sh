jq -nc 'try ("{x" | fromjson) catch "bad"'
