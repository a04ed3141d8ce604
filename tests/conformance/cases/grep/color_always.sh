# check-stderr
printf "foo\nbar\nbaz\nfoo bar\n" > f
printf "x\n" > g
grep --color=always foo f | od -An -c
grep --color=always -n foo f g | od -An -c
grep --color=always -c foo f g | od -An -c
grep --color=always -l foo f g | od -An -c
grep --color=always -o o f | od -An -c
grep --color=always -A1 -n baz f | od -An -c
grep --color=always -C0 ba f | od -An -c
grep --color=auto foo f | od -An -c
grep --color=never foo f; echo "s=$?"
