# 50 000 nested command substitutions.
# generate: "echo " "$("*50000 "echo x" ")"*50000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
