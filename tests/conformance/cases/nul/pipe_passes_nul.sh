printf 'a\0b\0' | tr '\0' ,; echo
