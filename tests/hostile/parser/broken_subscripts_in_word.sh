# Six `${a[}` (closed before their `]`) in the subscript of a word that
# starts `a[` (fuzz F17): brush-parser's assignment rule backtracks over
# each, 90 s for six, not interruptible. Its work is predicted before it
# runs (`word_parse/cost.rs`) and the command refused at once (bash gives
# `bad substitution` for the word and goes on).
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: word too complex to parse
# expect-max-seconds: 1
echo before
echo a[${a[}${a[}${a[}${a[}${a[}${a[}]
echo after
