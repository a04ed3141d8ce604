printf 'Foo\nfoo\nbar\n' | egrep -i '^f'; printf 'Foo\nbar\n' | fgrep -i FOO
