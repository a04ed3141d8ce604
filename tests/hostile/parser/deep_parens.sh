# 100 000 nested subshells written with spaces between the parentheses:
# refused by the nesting budget of the parser, strict 200, as a syntax
# error, without overflowing the stack.
# generate: "( "*100000 ":" " )"*100000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: maximum nesting depth exceeded (200)
