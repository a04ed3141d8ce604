printf 'a b\n\nc d\n' | column -t
