printf "12 13\n\t14  15\n" | factor
