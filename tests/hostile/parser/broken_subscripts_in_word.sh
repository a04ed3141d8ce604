# Six `${a[}` (closed before their `]`) in the subscript of a word that
# starts `a[` (fuzz F17): brush-parser's subscript parser backtracks over
# each, 90 s for six, not interruptible. bash refuses such words too (an
# EOF looking for `]`, or a bad substitution); the parser budget counts
# each as a nesting level and refuses beyond 3 at once.
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: maximum nesting depth exceeded (3)
# expect-max-seconds: 1
echo before
echo a[${a[}${a[}${a[}${a[}${a[}${a[}]
echo after
