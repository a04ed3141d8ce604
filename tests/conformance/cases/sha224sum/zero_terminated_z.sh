printf 'abc' > a; printf 'x' > b
sha224sum -z a b | tr '\0' '@'; echo
sha224sum --zero --tag a | tr '\0' '@'; echo
