printf 'hello xz\n' > f
xz -c f | xz -dc; echo "status $?"
ls
