# 30 000 nested parentheses inside a double-bracket test.
# generate: "[[ " "( "*30000 "a" " )"*30000 " ]]\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
