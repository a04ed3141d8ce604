shift() { echo mine; }
type -a shift
