printf 'hello bzip2\n' > f
bzip2 -c f | bzip2 -dc; echo "status $?"
ls
