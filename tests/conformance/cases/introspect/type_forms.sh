f() { :; }
type -t if f cd cat
type -p cat
type -P cat
type -p cd
echo "p for a builtin: $?"
type -f f 2>/dev/null
echo "f without functions: $?"
type -a if
command -v f cd cat
command -V cd if
