# A bc expression nested 100000 parentheses deep: bc's parser bounds its
# nesting and reports a syntax error instead of exhausting the stack.
# expect-stop: none
# expect-stderr-contains: syntax error
# expect-stdout: status 0
# generate: "("*100000 "1" ")"*100000 "\nEOF\necho status $?\n"
bc <<'EOF'
