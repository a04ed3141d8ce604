# 30 000 nested brace-expansion groups.
# generate: "echo " "{a,"*30000 "b" "}"*30000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
