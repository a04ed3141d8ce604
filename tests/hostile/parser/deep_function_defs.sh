# 30 000 function definitions, each nested in the body of the previous one.
# generate: "f() { "*30000 ":" "; }"*30000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
