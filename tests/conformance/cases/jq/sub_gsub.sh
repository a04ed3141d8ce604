jq -nc '"abcabc" | sub("b"; "X"), gsub("b"; "X")'
jq -nc '"John Smith" | sub("(?<first>\\w+) (?<last>\\w+)"; "\(.last), \(.first)")'
jq -nc '"a1b2" | gsub("(?<d>[0-9])"; "<\(.d)>")'
jq -nc '"Abc" | gsub("[a-z]"; "_"; "i")'
