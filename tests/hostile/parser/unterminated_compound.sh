# `{`, `if`, `while` and `case` left open at the end.
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: syntax error: unexpected end of file
{ if true; then while :; do case x in x)
