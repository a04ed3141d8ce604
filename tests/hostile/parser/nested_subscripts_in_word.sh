# Subscripts nested seven deep in a word that starts `NAME[` (fuzz F13):
# brush-parser's assignment rule took 10-20 times longer per level (seven
# levels ~40 s). sandbash reads the subscript once, in linear time, and
# runs the line as bash does (`a[]`).
# expect-stop: none
# expect-status: 0
# expect-stdout: before
# expect-stdout: a[]
# expect-stdout: after
# expect-max-seconds: 1
echo before
echo a[${a[${a[${a[${a[${a[${a[1]}]}]}]}]}]}]
echo after
