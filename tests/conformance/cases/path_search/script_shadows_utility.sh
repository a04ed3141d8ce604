# A script earlier in PATH is found before the utility of the same name;
# type -a lists both in PATH order.
mkdir bin
printf 'echo fake sort\n' > bin/sort
chmod +x bin/sort
PATH=bin:/usr/bin
printf 'b\na\n' | sort
type sort
type -a sort
type -ap sort
type -a -P sort
command -v sort
PATH=/usr/bin:bin
printf 'b\na\n' | sort
type -a sort
