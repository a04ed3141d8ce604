# 100 000 nested subshells, written `( ( ( ... ) ) )`: refused by the
# parser's nesting budget (strict: 200) as a syntax error, without
# overflowing the stack.
# generate: "( "*100000 ":" " )"*100000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: maximum nesting depth exceeded (200)
