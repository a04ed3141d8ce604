# A word that starts `NAME[` whose subscript holds `"$(`, a here-document
# and 19 unclosed `(` (fuzz F22): brush-parser tries it as an assignment
# and its grammar backtracks over each `(` (1 s for these 60 bytes, the
# fuzzed form 66 s). Its work is predicted before it runs, and refused.
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: word too complex to parse
# expect-max-seconds: 1
echo before
e["$(t <<EOF
4 $(((((((((((((((((((
EOF
)"
echo after
