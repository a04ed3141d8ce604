printf 'abc' > a; printf 'x' > b
sha384sum -z a b | tr '\0' '@'; echo
sha384sum --zero --tag a | tr '\0' '@'; echo
