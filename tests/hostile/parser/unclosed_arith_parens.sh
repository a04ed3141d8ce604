# Twenty-five unclosed parentheses after a command-position double one:
# a syntax error, found quickly. See fuzz/FINDINGS.md F2.
# limit: wall_clock=1
# generate: "("*25 "ls\n"
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: unexpected EOF while looking for matching
# expect-max-seconds: 1
