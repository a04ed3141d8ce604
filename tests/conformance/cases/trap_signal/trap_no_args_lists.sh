trap ':' TERM
trap
