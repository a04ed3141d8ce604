jq -rn '"it'"'"'s a test" | @sh'
jq -rn '["a b", 1, "c'"'"'d", null, false] | @sh'
