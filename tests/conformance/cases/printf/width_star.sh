printf '[%*s][%-*s]\n' 5 ab 4 cd
