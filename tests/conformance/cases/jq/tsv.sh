jq -rn '["a\tb", "c\nd", "e\\f", "g\rh", 1, null, true] | @tsv'
