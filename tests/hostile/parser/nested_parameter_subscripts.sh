# `${a[` nested seven deep (fuzz F14): brush-parser's word parser takes
# about 354 s on it (17 s at six levels), past any wall clock and not
# interruptible, so the parser budget refuses nesting beyond 3 at once.
# The lines before it ran.
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: maximum nesting depth exceeded (3)
# expect-max-seconds: 1
echo before
echo "${a[${a[${a[${a[${a[${a[${a[1]}]}]}]}]}]}]}"
echo after
