# 100 000 nested parentheses inside an arithmetic expansion.
# generate: "echo $((" "("*100000 "1" ")"*100000 "))\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
