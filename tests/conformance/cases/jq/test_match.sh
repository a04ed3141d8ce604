jq -nc '"foo bar" | test("BAR"; "i"), test("^f")'
jq -nc '"test 123 abc 456" | [match("[0-9]+"; "g") | .string]'
jq -nc '"abc" | match("(?<x>b)(c)")'
