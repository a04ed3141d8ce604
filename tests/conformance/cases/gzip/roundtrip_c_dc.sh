printf 'hello gzip\nline two\n' > f
gzip -c f | gzip -dc; echo "status $?"
ls
