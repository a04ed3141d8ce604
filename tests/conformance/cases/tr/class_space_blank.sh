printf 'a b\tc\vd\n' | tr '[:blank:]' '#'
