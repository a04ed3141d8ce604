# An expr of 5 000 nested parentheses: expr refuses nesting past its
# bound (status 3) before its recursive descent nears the end of its stack.
# expect-stop: none
# expect-stdout: status 3
# expect-stderr-contains: expression nesting too deep
# expect-max-seconds: 2
# generate: "expr " "\\( "*5000 "1" " \\)"*5000 "\necho \"status $?\"\n"
