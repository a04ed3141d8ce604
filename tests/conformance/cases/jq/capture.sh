jq -nc '"xyzzy-14" | capture("(?<a>[a-z]+)-(?<n>[0-9]+)")'
jq -nc '"a1 b2" | [capture("(?<l>[a-z])(?<d>[0-9])"; "g")]'
