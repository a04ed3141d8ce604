f() { :; }
command -V echo
command -V if
command -V cat
