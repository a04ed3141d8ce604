type if
type '[['
