printf '[%*s]\n' -4 ab
