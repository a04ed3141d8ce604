jq -rn '[1, "a,b", "q\"x", null, true, 1.5] | @csv'
