# A word that starts `NAME[` whose subscript holds `"$(`, a here-document
# and 19 unclosed `(` (fuzz F22): brush-parser tried it as an assignment
# and its grammar backtracked over each `(` (1 s for these 60 bytes, the
# fuzzed form 66 s). sandbash reads it once, quickly. bash reports
# `unexpected EOF while looking for matching `]'` and stops (status 2);
# sandbash reports a bad substitution at run time and goes on: pending.
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: unexpected EOF while looking for matching `]'
# expect-max-seconds: 1
echo before
e["$(t <<EOF
4 $(((((((((((((((((((
EOF
)"
echo after
