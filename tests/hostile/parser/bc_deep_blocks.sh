# bc blocks and ifs nested 100000 deep: the statement parser is bounded too.
# expect-stop: none
# expect-stderr-contains: syntax error
# expect-stdout: status 0
# generate: "if (1) "*50000 "{"*50000 "1" "}"*50000 "\nEOF\necho status $?\n"
bc <<'EOF'
