# `${a[` nested seven deep (fuzz F14): brush-parser's word parser took
# about 354 s on it (17 s at six levels). sandbash reads words with its
# own memoized parser (`syntax/word/`), so it runs at once, as in bash.
# expect-stop: none
# expect-status: 0
# expect-stdout: before
# expect-stdout:
# expect-stdout: after
# expect-max-seconds: 1
echo before
echo "${a[${a[${a[${a[${a[${a[${a[1]}]}]}]}]}]}]}"
echo after
