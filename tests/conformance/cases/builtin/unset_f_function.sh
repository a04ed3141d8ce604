f() { :; }
unset -f f
type -t f
echo "status=$?"
