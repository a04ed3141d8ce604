bash -c 'shift; echo "$# $@"' n a b c
