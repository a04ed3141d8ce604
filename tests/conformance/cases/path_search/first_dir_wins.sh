mkdir a b
printf 'echo from a\n' > a/t
printf 'echo from b\n' > b/t
chmod +x a/t b/t
PATH=a:b
t
type -a t
PATH=b:a
t
type t
PATH=/usr/bin
t 2>/dev/null
echo "not in PATH: $?"
type t 2>/dev/null
echo "type: $?"
