printf 'foo bar\nfoobar\nfoo\n' | egrep -w foo; printf 'foo bar\nfoo\n' | fgrep -x foo
