mkdir -p top/mid/leaf; printf 'deep\n' > top/mid/leaf/f; printf 'shallow\n' > top/g
tar cf a.tar --sort=name top
mkdir x; tar xf a.tar -C x --strip-components=2; echo "status $?"
find x | sort
