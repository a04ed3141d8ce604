touch a.txt b.txt c.log
GLOBIGNORE='a*'
echo *
