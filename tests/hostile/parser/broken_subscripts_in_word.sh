# Six `${a[}` (closed before their `]`) in the subscript of a word that
# starts `a[` (fuzz F17): brush-parser's assignment rule backtracked over
# each, 90 s for six. sandbash reads the subscript once and, as bash,
# gives `bad substitution` for the word and goes on.
# expect-stop: none
# expect-status: 0
# expect-stdout: before
# expect-stdout: after
# expect-stderr-contains: bad substitution
# expect-max-seconds: 1
echo before
echo a[${a[}${a[}${a[}${a[}${a[}${a[}]
echo after
