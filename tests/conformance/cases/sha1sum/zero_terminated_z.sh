printf 'abc' > a; printf 'x' > b
sha1sum -z a b | tr '\0' '@'; echo
sha1sum --zero --tag a | tr '\0' '@'; echo
