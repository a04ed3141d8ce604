# A word that starts `NAME[` whose subscript holds `"$(`, a here-document
# and 19 unclosed `(` (fuzz F22): brush-parser tried it as an assignment
# and its grammar backtracked over each `(` (1 s for these 60 bytes, the
# fuzzed form 66 s). sandbash reads it once, quickly, and as bash does:
# the subscript of a word starting `NAME[` at a command's start is read
# to its `]`, which never comes: `unexpected EOF while looking for
# matching `]'`, status 2.
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
