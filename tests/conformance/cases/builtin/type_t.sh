f() { :; }
type -t f echo if
