# 30 000 function definitions nested in each other's bodies.
# generate: "f() { "*30000 ":" "; }"*30000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
