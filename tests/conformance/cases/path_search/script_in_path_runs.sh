# An executable file in a PATH directory runs as a script, by name.
mkdir bin
printf 'echo "greet: $0 $*"\n' > bin/greet
chmod +x bin/greet
PATH=bin:$PATH
greet a b
type greet
type -t greet
type -p greet
type -P greet
command -v greet
command -V greet
