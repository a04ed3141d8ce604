f() { :; }
command -v echo
command -v f
command -v nosuch
echo $?
