type -P cat
type -p cat
