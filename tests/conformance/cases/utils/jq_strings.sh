# jq: string builtins: split/join, case, trimming, tests, regexes, conversions
jq -n -c '"a,b,,c" | split(",")'
jq -n -c '["a",1,null,true] | join("-")'
jq -n -c '"Hello" | ascii_downcase, ascii_upcase, ltrimstr("He"), rtrimstr("lo"), startswith("Hel"), endswith("x")'
jq -n -c '"foo bar foo" | test("bar"), [match("foo"; "g").offset], sub("foo"; "X"), gsub("foo"; "X")'
jq -n -c '"abc" | indices("b"), index("c"), (. / "b")'
jq -n -c '"42" | tonumber + 1, ("x" + tostring), ([1,2] | tostring)'
jq -n -c '"a-b-c" | [splits("-")]'
jq -n -c '"test 123 abc 45" | [scan("[0-9]+")]'
