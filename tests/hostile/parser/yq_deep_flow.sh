# 100,000 nested YAML flow sequences (`[[[[...`): the YAML parser
# refuses flow nesting past its limit with an error (status 1, yq's
# "bad file" wording), without recursing into the host's stack.
# profile: normal
# expect-stop: none
# expect-status: 0
# expect-stdout: status 1
# expect-stderr-contains: Error: bad file '-': yaml: line 1: recursion limit exceeded
s=$(printf '%100000s' | tr ' ' '[')
printf '%s' "$s" | yq '.'
echo "status $?"
