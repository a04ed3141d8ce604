alias hi='echo hello'
command -v hi || echo "not reported while expand_aliases is off"
shopt -s expand_aliases
command -v hi
command -V hi
type -t hi
unalias hi
type -t hi || echo "gone"
