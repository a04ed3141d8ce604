# 20 000 nested if statements.
# generate: "if :; then "*20000 ":" "; fi"*20000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
