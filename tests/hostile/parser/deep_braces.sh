# 100 000 nested brace groups.
# generate: "{ "*100000 ":;" " }"*100000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
