# 30 000 nested extglob groups in a pattern.
# generate: "[[ a == " "@("*30000 "a" ")"*30000 " ]]\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
shopt -s extglob
