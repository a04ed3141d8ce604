# A hashed command runs from its remembered path: hash -p maps a name to
# a program, and a hashed script that is gone fails until PATH is set again.
hash -p /usr/bin/sort mysort
printf 'b\na\n' | mysort
echo "mysort: $?"
type mysort
mkdir bin other
printf 'echo from bin\n' > bin/g
printf 'echo from other\n' > other/g
chmod +x bin/g other/g
PATH=bin:other:/usr/bin
g
rm bin/g
g 2>/dev/null
echo "after rm: $?"
PATH=$PATH
g
