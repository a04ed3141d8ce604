# JSON nested 100000 deep: jq's reader keeps open arrays on a stack of
# its own (no recursion) and refuses input past 10000 levels with jq
# 1.7's message and its status for malformed input, 5.
# expect-stop: none
# expect-stdout: status 5
# expect-stderr-contains: Exceeds depth limit for parsing
# generate: "jq . <<'EOF'\n" "["*100000 "\nEOF\n" "echo \"status $?\"\n"
