# Subscripts nested seven deep in a word that starts `NAME[` (fuzz F13):
# brush-parser's time grows tenfold per level (seven levels ~40 s), so the
# parser budget refuses the command at once; the lines before it ran.
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: maximum nesting depth exceeded (3)
# expect-max-seconds: 1
echo before
echo a[${a[${a[${a[${a[${a[${a[1]}]}]}]}]}]}]
echo after
