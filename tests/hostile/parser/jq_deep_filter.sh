# A jq program nested 100000 parentheses deep: the text is measured
# before jaq's recursive parser sees it, and refused as a compile error
# (status 3) instead of overflowing the stack.
# expect-stop: none
# expect-stdout: status 3
# expect-stderr-contains: nested too deeply
# generate: "jq -n '" "("*100000 "1" ")"*100000 "'\n" "echo \"status $?\"\n"
