f() { :; }
type -t f echo if cat nosuch
echo "status=$?"
