printf 'abc' > a; printf 'x' > b
sha512sum -z a b | tr '\0' '@'; echo
sha512sum --zero --tag a | tr '\0' '@'; echo
