# A chain of 100 000 additions and 20 000 concatenations: each link
# counts as a level of nesting (the tree gets deeper with each), so the
# parser refuses it before the evaluator could recurse that deep.
# expect-stop: none
# expect-stdout: status 2
# expect-stdout: status 2
# expect-max-seconds: 2
# generate: "awk 'BEGIN { x = 1" "+1"*100000 " }'\necho \"status $?\"\n" "awk 'BEGIN { x = \"a\"" " \"a\""*20000 " }'\necho \"status $?\"\n"
