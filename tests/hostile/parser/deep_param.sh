# 50 000 nested parameter expansions with defaults.
# generate: "echo ${x:-"*50000 "y" "}"*50000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
