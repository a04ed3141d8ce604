# An awk program of 100 000 nested parentheses: the parser refuses
# nesting deeper than the run's parser depth bound (awk status 2), so the
# recursive descent never nears the end of its stack.
# expect-stop: none
# expect-stdout: status 2
# expect-stderr-contains: program nesting too deep
# expect-max-seconds: 2
# generate: "awk 'BEGIN { x = " "("*100000 "1" ")"*100000 " }'\necho \"status $?\"\n"
