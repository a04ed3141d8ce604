jq -jn '"a\n", "b"' | od -c
