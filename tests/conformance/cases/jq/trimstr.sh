jq -nc '"foobar" | ltrimstr("foo"), rtrimstr("bar"), ltrimstr("x")'
jq -nc '1 | ltrimstr("a")'
jq -nc '["fo","foo","barfoo","foobar","afoo"] | map(rtrimstr("foo"))'
