# Subscripts nested seven deep in a word that starts `NAME[` (fuzz F13):
# brush-parser's assignment rule takes 10-20 times longer per level (seven
# levels ~40 s). Its work is predicted before it runs and the command
# refused at once (bash runs it); the lines before it ran.
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: word too complex to parse
# expect-max-seconds: 1
echo before
echo a[${a[${a[${a[${a[${a[${a[1]}]}]}]}]}]}]
echo after
