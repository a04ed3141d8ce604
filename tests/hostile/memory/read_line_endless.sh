# `read` of a line that never ends (seq's numbers without newlines).
# expect-stop: memory
seq -s '' inf | { read -r line; echo "not reached: ${#line}"; }
