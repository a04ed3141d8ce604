printf 'a.b\naxb\n[x]\n' > f
fgrep 'a.b' f
fgrep -n '[x]' f
fgrep -x -e axb -e nope f
