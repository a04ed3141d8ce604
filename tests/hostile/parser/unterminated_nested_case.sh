# Nineteen nested case statements, none closed: a syntax error, found
# quickly. See fuzz/FINDINGS.md F4.
# limit: wall_clock=1
# generate: "case x in x) "*19 "\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: syntax error: unexpected end of file
# expect-max-seconds: 1
