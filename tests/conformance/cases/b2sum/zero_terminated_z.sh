printf 'abc' > a; printf 'x' > b
b2sum -z a b | tr '\0' '@'; echo
b2sum --zero --tag a | tr '\0' '@'; echo
