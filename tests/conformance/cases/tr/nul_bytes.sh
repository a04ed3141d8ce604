printf 'a\0b\0c' | tr '\0' ,; echo
