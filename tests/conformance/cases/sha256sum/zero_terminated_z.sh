printf 'abc' > a; printf 'x' > b
sha256sum -z a b | tr '\0' '@'; echo
sha256sum --zero --tag a | tr '\0' '@'; echo
