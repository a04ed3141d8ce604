touch b.txt a.txt c.log
echo *.txt
echo *
