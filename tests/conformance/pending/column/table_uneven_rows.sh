printf 'a b c\nd\ne f\n' | column -t
