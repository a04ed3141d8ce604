cat <(cat <(echo deep))
