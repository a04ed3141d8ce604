mkdir -p d/sub; printf 'one\n' > d/a; printf 'two\n' > d/sub/b; printf 'sp\n' > 'd/with space'
tar cf a.tar d && mkdir x && tar xf a.tar -C x; echo "status $?"
find x | sort; cat x/d/a x/d/sub/b 'x/d/with space'
