# 20 000 nested case statements.
# generate: "case x in x) "*20000 ":" " ;; esac"*20000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: maximum nesting depth exceeded (200)
