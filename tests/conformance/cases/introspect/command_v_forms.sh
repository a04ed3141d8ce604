f() { :; }
command -v echo
command -v f
command -v if
command -v cat
command -v nosuch
echo "status=$?"
