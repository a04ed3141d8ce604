enable -n echo
type -t echo
enable echo
type -t echo
