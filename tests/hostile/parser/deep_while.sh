# 20 000 nested while loops.
# generate: "while :; do "*20000 "break 20000" "; done"*20000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
