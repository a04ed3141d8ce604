printf '\0first string\0' > a; printf '\0second one\0' > b
strings -f a b
