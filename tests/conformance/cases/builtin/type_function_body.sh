f() { echo hi; }
type f
