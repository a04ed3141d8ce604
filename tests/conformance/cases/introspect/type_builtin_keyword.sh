type echo
type if
type '[['
