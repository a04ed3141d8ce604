# 50 000 nested array subscripts in arithmetic.
# generate: "echo $(( a["*50000 "0" "]"*50000 " ))\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
